import type { SeedProgram } from './types';

export const QUICK_PROGRAMS: SeedProgram[] = [
  {
    title: 'Phlebotomy Fast Track',
    imgUrl: '/media/seed/program-phlebotomy.svg',
    price: 890,
    duration: '4 weeks',
    totalHours: '80 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'High school diploma or GED',
    certification: 'Prepares for the CPT exam',
    category: 'Healthcare',
    featured: true,
    description:
      '<p>A focused program on safe, confident blood draws: venipuncture, capillary sticks, specimen handling ' +
      'and calming nervous patients. Includes 30 supervised draws in our skills lab.</p>',
    content: ['<p>Anatomy of the circulatory system</p>', '<p>Venipuncture technique</p>', '<p>Specimen handling and labelling</p>'],
  },
  {
    title: 'CPR and First Aid',
    imgUrl: '/media/seed/program-cpr-first-aid.svg',
    price: 120,
    duration: '1 weekend',
    totalHours: '12 hours',
    credential: 'Completion card',
    preRequisite: 'Nothing',
    certification: 'Two-year completion card',
    category: 'Healthcare',
    featured: false,
    description: '<p>Adult, child and infant CPR, AED use and first aid for the most common emergencies.</p>',
    content: ['<p>Adult, child and infant CPR</p>', '<p>Using an AED</p>', '<p>Bleeding, burns and choking</p>'],
  },
  {
    title: 'Excel for Business',
    imgUrl: '/media/seed/program-excel-business.svg',
    price: 290,
    duration: '3 weeks',
    totalHours: '24 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'Nothing',
    certification: 'Institute certificate',
    category: 'Management',
    featured: true,
    description:
      '<p>From formulas to pivot tables and dashboards: the spreadsheet skills that office teams ask for most.</p>',
    content: ['<p>Formulas and references</p>', '<p>Pivot tables</p>', '<p>Charts and dashboards</p>'],
  },
  {
    title: 'IT Support Bootcamp',
    imgUrl: '/media/seed/program-it-support.svg',
    price: 1450,
    duration: '6 weeks',
    totalHours: '120 hours',
    credential: 'Professional Certificate',
    preRequisite: 'Basic computer skills',
    certification: 'Prepares for the CompTIA A+ exams',
    category: 'Networking',
    featured: false,
    description:
      '<p>Get help-desk ready: hardware, operating systems, small networks and the customer skills ' +
      'that turn a ticket into a thank-you.</p>',
    content: ['<p>Hardware and troubleshooting</p>', '<p>Windows, macOS and Linux support</p>', '<p>Networking basics</p>', '<p>Customer service for IT</p>'],
  },
];
