import sharp from 'sharp';
import { detectImageType, MAX_IMAGE_WIDTH, reencodeImage } from '../../src/lib/images';

const make = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 20, height = 10) =>
  sharp({ create: { width, height, channels: 3, background: '#c04040' } }).toFormat(format).toBuffer();

describe('detectImageType', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('recognises %s by its first bytes', async (format) => {
    expect(detectImageType(await make(format))).toBe(format);
  });

  it.each([
    ['html', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['pdf', Buffer.from('%PDF-1.7')],
    ['empty', Buffer.alloc(0)],
    ['RIFF but not WebP', Buffer.from('RIFF\0\0\0\0WAVEfmt ')],
  ])('refuses %s', (_name, data) => {
    expect(detectImageType(data)).toBeNull();
  });
});

describe('reencodeImage', () => {
  it('outputs WebP capped at the maximum width, keeping the aspect ratio', async () => {
    const result = await reencodeImage(await make('png', 3840, 1920));
    expect(result).toMatchObject({ width: MAX_IMAGE_WIDTH, height: 960 });
    expect(detectImageType(result.data)).toBe('webp');
  });

  it('never enlarges a small image', async () => {
    expect(await reencodeImage(await make('gif', 30, 20))).toMatchObject({ width: 30, height: 20 });
  });

  it('turns a polyglot into plain pixels', async () => {
    const polyglot = Buffer.concat([await make('png'), Buffer.from('<script>alert(document.cookie)</script>')]);
    const result = await reencodeImage(polyglot);
    expect(result.data.includes(Buffer.from('<script>'))).toBe(false);
  });

  it('throws on a fake image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html></html>')]);
    await expect(reencodeImage(fake)).rejects.toThrow();
  });
});
