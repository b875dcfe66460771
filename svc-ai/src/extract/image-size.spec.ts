import { createCanvas } from '@napi-rs/canvas';
import { blankPng } from '../../test/support/hostile-documents.js';
import { imageSize } from './image-size.js';

describe('an image\'s size from its header', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'] as const)('reads the width and height of a %s', (type) => {
    const canvas = createCanvas(321, 123);
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    const data = new Uint8Array(type === 'image/png' ? canvas.toBuffer('image/png') : type === 'image/jpeg' ? canvas.toBuffer('image/jpeg') : canvas.toBuffer('image/webp'));
    expect(imageSize(data, type)).toEqual({ width: 321, height: 123 });
  });

  it('reads a GIF\'s logical screen', () => {
    const gif = Buffer.alloc(40);
    gif.write('GIF89a', 0, 'latin1');
    gif.writeUInt16LE(640, 6);
    gif.writeUInt16LE(480, 8);
    expect(imageSize(new Uint8Array(gif), 'image/gif')).toEqual({ width: 640, height: 480 });
  });

  it('reads what a PNG declares without decoding it', () => {
    expect(imageSize(blankPng(20_000, 20_000), 'image/png')).toEqual({ width: 20_000, height: 20_000 });
  });

  it('says nothing of a header it cannot read', () => {
    expect(imageSize(new Uint8Array(Buffer.from('\xff\xd8\xff\xda'.padEnd(40, '\0'), 'latin1')), 'image/jpeg')).toBeUndefined();
  });
});
