import sharp from 'sharp';

export const validCourse = (overrides: Record<string, unknown> = {}) => ({
  title: 'Test Course',
  imgUrl: 'https://res.cloudinary.com/demo/image/upload/test.png',
  price: 650,
  duration: '8 weeks',
  totalHours: '80 hours',
  credential: 'Certificate',
  preRequisite: 'None',
  description: '<p>A <strong>good</strong> course.</p>',
  content: ['Week one', 'Week two'],
  certification: 'Institute certificate',
  CourseDuration: { calendarLength: '2 months' },
  ...overrides,
});

export const validBlog = (overrides: Record<string, unknown> = {}) => ({
  title: 'A test post',
  imgUrl: 'https://res.cloudinary.com/demo/image/upload/post.png',
  author: 'Tess Author',
  category: 'News',
  content: 'First paragraph.\nSecond paragraph.',
  description: 'Short summary.',
  ...overrides,
});

export async function pngBytes(width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
}

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control every byte and header. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function galleryForm(overrides: Partial<Record<'title' | 'description', string>> & { image?: Buffer; filename?: string } = {}) {
  const image = overrides.image ?? (await pngBytes());
  return multipart([
    { name: 'title', value: overrides.title ?? 'Lab day' },
    { name: 'description', value: overrides.description ?? 'Students at work.' },
    { name: 'image', value: image, filename: overrides.filename ?? 'lab.png', contentType: 'image/png' },
  ]);
}
