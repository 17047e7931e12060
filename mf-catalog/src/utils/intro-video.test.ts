import { introVideo } from './intro-video';

describe('introVideo', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('embeds %s as %s', (input, src) => {
    expect(introVideo(input)).toEqual({ kind: 'iframe', src });
  });

  it('plays video files natively', () => {
    expect(introVideo(' https://cdn.example.test/v/intro.MP4 ')).toEqual({ kind: 'video', src: 'https://cdn.example.test/v/intro.MP4' });
  });

  it.each([
    undefined,
    '',
    '   ',
    'not a url',
    'javascript:alert(1)',
    'data:video/mp4;base64,AAAA',
    'https://example.test/some-page',
    'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E',
    'https://www.youtube.com/',
  ])('shows no embed for %p', (input) => {
    expect(introVideo(input)).toEqual({ kind: 'none' });
  });
});
