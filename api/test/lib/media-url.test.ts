import { toPublicUrl, toStoredPath } from '../../src/lib/media-url';
import { localFileStorage } from '../../src/lib/file-storage';

const PUBLIC = 'https://api.example.org';

describe('media URLs', () => {
  it('turns stored media paths into absolute URLs and leaves other URLs alone', () => {
    expect(toPublicUrl(PUBLIC, '/media/seed/a.svg')).toBe('https://api.example.org/media/seed/a.svg');
    expect(toPublicUrl(PUBLIC, 'https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(toPublicUrl(PUBLIC, '/media/../secret')).toBe('/media/../secret');
  });

  it('stores our own absolute URLs as paths', () => {
    expect(toStoredPath(PUBLIC, ' https://api.example.org/media/uploads/abc.webp ')).toBe('/media/uploads/abc.webp');
    expect(toStoredPath(PUBLIC, 'https://other.example/media/uploads/abc.webp')).toBe('https://other.example/media/uploads/abc.webp');
  });
});

describe('local file storage keys', () => {
  const storage = localFileStorage('/tmp/unused');
  it('only recognises keys it could have produced', () => {
    expect(storage.keyOf('/media/uploads/0b6f2b0e-3c1a-4a43-9d55-3d8c43a3b3f1.webp')).toBe('0b6f2b0e-3c1a-4a43-9d55-3d8c43a3b3f1.webp');
    expect(storage.keyOf('/media/uploads/../jwt-secret')).toBeNull();
    expect(storage.keyOf('/media/seed/a.svg')).toBeNull();
  });

  it('refuses to delete anything but a generated key', async () => {
    await expect(storage.delete('../jwt-secret')).rejects.toThrow('Invalid storage key');
  });
});
