import type { SeedImage } from './types';

/** width/height are the SVGs' own dimensions, so the site can reserve space before they load. */
export const GALLERY: SeedImage[] = [
  { file: 'gallery-campus-front.svg', title: 'Our Newark campus', description: 'The front entrance on Example Avenue.', width: 1200, height: 800 },
  { file: 'gallery-skills-lab.svg', title: 'Clinical skills lab', description: 'Practice stations for vital signs and phlebotomy.', width: 1200, height: 800 },
  { file: 'gallery-coding-studio.svg', title: 'Coding studio', description: 'Pair programming afternoons in the web development course.', width: 1200, height: 800 },
  { file: 'gallery-network-rack.svg', title: 'Network lab', description: 'The racks students cable and configure themselves.', width: 800, height: 1000 },
  { file: 'gallery-graduation.svg', title: 'Graduation day', description: 'The class of 2025 with their certificates.', width: 1200, height: 800 },
  { file: 'gallery-career-fair.svg', title: 'Spring career fair', description: 'Local employers meeting our graduates.', width: 1200, height: 800 },
];
