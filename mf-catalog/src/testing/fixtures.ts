import type { Course, QuickProgram } from '@institute/shared/contract';

export function makeCourse(overrides: Partial<Course> = {}): Course {
  return {
    _id: 'c1',
    title: 'Medical Assistant',
    imgUrl: 'https://img.example.test/medical.jpg',
    price: 1200,
    duration: '12 weeks',
    totalHours: '120 hours',
    credential: 'CCMA',
    preRequisite: 'High school diploma',
    description: '<p>Learn <strong>clinical</strong> skills.</p>',
    content: ['<b>Anatomy</b>', 'Phlebotomy'],
    certification: 'NHA Certified',
    featured: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

export function makeProgram(overrides: Partial<QuickProgram> = {}): QuickProgram {
  return {
    ...makeCourse({ _id: 'p1', title: 'CPR and First Aid', price: 750, duration: '2 days', totalHours: '16 hours' }),
    description: '<p>One two three four five six seven eight nine ten eleven twelve thirteen fourteen</p>',
    content: '<ul><li>Adult CPR</li><li>Choking relief</li></ul>',
    ...overrides,
  };
}
