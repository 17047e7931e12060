import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_CONFIG, setConfig } from '@institute/shared/config';
import { mockFetch } from '../../../testing/test-utils';
import { ImageUploadButton } from './image-upload-button';

const photo = () => new File(['jpg'], 'IMG_2041.JPG', { type: 'image/jpeg' });

beforeEach(() => setConfig({ ...DEFAULT_CONFIG, cloudinary: { cloudName: 'demo-cloud', uploadPreset: 'preset', uploadBaseUrl: 'http://images.test' } }));
afterEach(() => setConfig(DEFAULT_CONFIG));

test('a chosen photo goes to the image host and its address is handed to the Image URL field', async () => {
  const { seen } = mockFetch(() => ({ body: { secure_url: 'http://images.test/demo-cloud/image/upload/v1/abc.jpg' } }));
  const onUploaded = jest.fn();
  render(<ImageUploadButton onUploaded={onUploaded} />);
  await userEvent.upload(screen.getByLabelText('Or upload an image'), photo());
  await waitFor(() => expect(onUploaded).toHaveBeenCalledWith('http://images.test/demo-cloud/image/upload/v1/abc.jpg'));
  expect(seen[0]).toMatchObject({ method: 'POST', url: 'http://images.test/v1_1/demo-cloud/image/upload' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test("a refused upload shows the spec's message with the host's reason and changes nothing", async () => {
  mockFetch(() => ({ status: 400, body: { error: { message: 'File size too large. Got 26214400. Maximum is 10485760.' } } }));
  const onUploaded = jest.fn();
  render(<ImageUploadButton onUploaded={onUploaded} />);
  await userEvent.upload(screen.getByLabelText('Or upload an image'), photo());
  expect(await screen.findByRole('alert')).toHaveTextContent('Image upload failed: File size too large. Got 26214400. Maximum is 10485760.');
  expect(onUploaded).not.toHaveBeenCalled();
});
