import { Inject, Injectable } from '@nestjs/common';
import { RENDERED_FILE_INLINE_MAX_BYTES, RENDERED_FILE_TTL_MS, renderedFilesBucket, type RenderedFile } from '@tms/contracts';
import { config, NATS_CONNECTION, UploadStore, type SharedNats } from '@tms/service-kit';

/**
 * How a rendered PDF leaves svc-accounting. Rendering here, not in the gateway: the facts are this service's (the
 * invoice, the profile, the pay) and the CPU of a packet (parsing and copying documents of up to 15 MB) stays off the
 * gateway, which serves every screen. An invoice or statement (tens of kB) travels in the reply; a packet may pass
 * NATS's max_payload (1 MB) many times over, so it goes into an object store bucket with a TTL, as uploads do, and
 * the gateway takes it (reads and deletes it) while streaming it to the browser.
 */
@Injectable()
export class RenderedFiles {
  private readonly store: UploadStore;

  constructor(@Inject(NATS_CONNECTION) nats: SharedNats) {
    this.store = new UploadStore(renderedFilesBucket(config.subjectRoot), RENDERED_FILE_TTL_MS, nats);
  }

  async answer(fileName: string, bytes: Uint8Array, contentType = 'application/pdf'): Promise<RenderedFile> {
    if (bytes.byteLength <= RENDERED_FILE_INLINE_MAX_BYTES) return { fileName, contentType, data: Buffer.from(bytes).toString('base64') };
    return { fileName, contentType, object: await this.store.put(bytes, fileName) };
  }
}
