import { ApiError } from '@institute/shared/api';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import { mockFetch } from '../../../testing/test-utils';
import { addBlogError } from './blogs';
import { ImageUploadError, uploadImage } from '../../../lib/upload-image';

const photo = () => new File(['jpg'], 'cover.jpg', { type: 'image/jpeg' });
const cloud = (extra: object = {}) =>
  setConfig({ ...DEFAULT_CONFIG, cloudinary: { cloudName: 'demo-cloud', uploadPreset: 'blog-preset', ...extra } });

afterEach(() => setConfig(DEFAULT_CONFIG));

test('posts multipart file and upload_preset to the default host, without credentials, and returns secure_url', async () => {
  localStorage.setItem('token', 'must-not-leave-the-site');
  cloud();
  const { seen } = mockFetch(() => ({ body: { secure_url: 'https://res.cloudinary.com/demo-cloud/a.jpg', url: 'http://res.cloudinary.com/demo-cloud/a.jpg' } }));
  await expect(uploadImage(photo())).resolves.toBe('https://res.cloudinary.com/demo-cloud/a.jpg');
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({ method: 'POST', url: 'https://api.cloudinary.com/v1_1/demo-cloud/image/upload' });
  expect(seen[0]?.headers).toEqual({});
  const body = seen[0]?.body as FormData;
  expect([...body.keys()].sort()).toEqual(['file', 'upload_preset']);
  expect(body.get('upload_preset')).toBe('blog-preset');
  expect((body.get('file') as File).name).toBe('cover.jpg');
});

test.each([['http://images.test'], ['http://images.test/'], ['http://images.test//']])('uploadBaseUrl %s is used as the host', async (base) => {
  cloud({ uploadBaseUrl: base });
  const { seen } = mockFetch(() => ({ body: { secure_url: 'https://x/y.jpg' } }));
  await uploadImage(photo());
  expect(seen[0]?.url).toBe('http://images.test/v1_1/demo-cloud/image/upload');
});

test('an empty uploadBaseUrl falls back to the default host', async () => {
  cloud({ uploadBaseUrl: '' });
  const { seen } = mockFetch(() => ({ body: { secure_url: 'https://x/y.jpg' } }));
  await uploadImage(photo());
  expect(seen[0]?.url).toBe('https://api.cloudinary.com/v1_1/demo-cloud/image/upload');
});

test.each<[string, Parameters<typeof mockFetch>[0], string]>([
  ['the host explains a refusal', () => ({ status: 400, body: { error: { message: 'Invalid image file' } } }), 'Image upload failed: Invalid image file'],
  ['the host refuses without a message', () => ({ status: 500 }), 'Image upload failed. Please try again.'],
  ['the host answers without secure_url', () => ({ body: { url: 'http://insecure/a.jpg' } }), 'Image upload failed. Please try again.'],
  ['the host cannot be reached', () => 'network-error', 'Image upload failed. Please try again.'],
])('when %s the error reads exactly as the spec says', async (_case, reply, text) => {
  cloud();
  mockFetch(reply);
  const error = await uploadImage(photo()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImageUploadError);
  expect((error as Error).message).toBe(text);
  expect(addBlogError(error)).toBe(text);
});

test('without a cloud name or preset nothing is sent', async () => {
  const { seen } = mockFetch(() => ({ body: {} }));
  setConfig(DEFAULT_CONFIG);
  await expect(uploadImage(photo())).rejects.toThrow('Image upload failed: image hosting is not configured');
  cloud({ uploadPreset: '' });
  await expect(uploadImage(photo())).rejects.toThrow('Image upload failed: image hosting is not configured');
  expect(seen).toHaveLength(0);
});

test('a failed blog save shows the server message, else "Failed to add blog"', () => {
  expect(addBlogError(new ApiError(400, 'Bad Request', 'Category is too long'))).toBe('Category is too long');
  expect(addBlogError(new ApiError(500, 'HttpError', 'HTTP error! status: 500', 'http', null, null))).toBe('Failed to add blog');
  expect(addBlogError(new ApiError(0, 'NetworkError', 'The server could not be reached.'))).toBe('Failed to add blog');
});
