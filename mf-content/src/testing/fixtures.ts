import type { Blog } from '@institute/shared/contract';

const words = (n: number, prefix = 'word') => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`).join(' ');

/** Local-time dates, so dd.mm.yyyy does not depend on the machine's time zone. */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).toISOString();

export const blogs: Blog[] = [
  {
    _id: 'b1', title: 'Starting a career in healthcare', imgUrl: 'https://img.example/b1.jpg', author: 'Dana Lee',
    category: 'Healthcare', content: words(25), description: 'How to begin.', createdAt: day(2024, 3, 5),
  },
  {
    _id: 'b2', title: 'Networking basics', imgUrl: 'https://img.example/b2.jpg', author: 'Sam Ortiz',
    category: 'Networking', content: 'Short post.', description: '', createdAt: day(2024, 11, 20),
  },
  {
    _id: 'b3', title: 'Managing your study time', imgUrl: 'https://img.example/b3.jpg', author: 'Ana Ruiz',
    category: 'Management', content: words(30, 'tip'), description: '', createdAt: day(2025, 1, 9),
  },
  {
    _id: 'b4', title: 'Old news', imgUrl: 'https://img.example/b4.jpg', author: 'Kim Park',
    category: 'Programming', content: 'An old post.', description: '', createdAt: day(2023, 6, 1),
  },
];

export { words };
