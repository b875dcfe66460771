import { ApiError } from '@tms/ui';
import { attachmentName } from './download.js';
import { refusalReason } from './refusal-reason.js';

describe('downloads', () => {
  it("saves the file under the name the server gives: the encoded one first, then the quoted or bare one", () => {
    expect(attachmentName('attachment; filename="INV-1001.pdf"')).toBe('INV-1001.pdf');
    expect(attachmentName(`attachment; filename="INV 1.pdf"; filename*=UTF-8''INV%E2%80%931.pdf`)).toBe('INV–1.pdf');
    expect(attachmentName('attachment; filename=SETTLE-20270307-0042.pdf')).toBe('SETTLE-20270307-0042.pdf');
    expect(attachmentName('attachment; filename="a \\"b\\".pdf"')).toBe('a "b".pdf');
    expect(attachmentName('attachment')).toBeUndefined();
    expect(attachmentName(null)).toBeUndefined();
  });

  it("tells the server's reason for a refusal, and nothing for a server failure or a body without one", () => {
    expect(refusalReason(new ApiError(404, JSON.stringify({ message: 'Invoice not found' })))).toBe('Invoice not found');
    expect(refusalReason(new ApiError(409, JSON.stringify({ message: 'Load LD-1 already has invoice INV-1' })))).toBe('Load LD-1 already has invoice INV-1');
    expect(refusalReason(new ApiError(503, JSON.stringify({ message: 'down' })))).toBeUndefined();
    expect(refusalReason(new ApiError(404, 'Not Found'))).toBeUndefined();
    expect(refusalReason(new Error('offline'))).toBeUndefined();
  });
});
