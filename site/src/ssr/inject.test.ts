import { leadingLinks } from './inject';

it('takes the links a rendered page starts with, and nothing after its first other element', () => {
  const markup = ' <link rel="preload" as="image" imageSrcSet="/a.jpg?w=320 320w, /a.jpg?w=640 640w" href="/a.jpg"><link rel=preload as=image href=/b.jpg>\n<main><link rel="stylesheet" href="/c.css"><h1>x</h1></main>';
  const { links, rest } = leadingLinks(markup);
  expect(links).toBe(' <link rel="preload" as="image" imageSrcSet="/a.jpg?w=320 320w, /a.jpg?w=640 640w" href="/a.jpg"><link rel=preload as=image href=/b.jpg>');
  expect(rest).toBe('\n<main><link rel="stylesheet" href="/c.css"><h1>x</h1></main>');
  expect(leadingLinks('<main>x</main>')).toEqual({ links: '', rest: '<main>x</main>' });
});
