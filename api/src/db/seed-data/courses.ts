import type { SeedProgram } from './types';

/** Original demo courses in the footer's four categories; prices on both sides of the 500 partial threshold. */
export const COURSES: SeedProgram[] = [
  {
    title: 'Clinical Medical Assistant',
    imgUrl: '/media/seed/course-medical-assistant.svg',
    price: 2400,
    duration: '16 weeks',
    totalHours: '320 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'High school diploma or GED',
    certification: 'Prepares for the CCMA exam',
    category: 'Healthcare',
    calendarLength: '4 months',
    description:
      '<p>Train for the front and back office of a busy clinic. You will take vital signs, prepare exam rooms, ' +
      'assist with minor procedures and keep patient records accurate and private.</p>' +
      '<p>The course ends with a <strong>120-hour externship</strong> at a partner practice.</p>',
    content: [
      'Medical terminology and anatomy basics',
      'Vital signs, EKG and phlebotomy fundamentals',
      'Infection control and patient safety',
      'Electronic health records and scheduling',
      'Externship at a partner clinic',
    ],
  },
  {
    title: 'Pharmacy Technician',
    imgUrl: '/media/seed/course-pharmacy-technician.svg',
    price: 1200,
    duration: '12 weeks',
    totalHours: '180 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'High school diploma or GED',
    certification: 'Prepares for the PTCB exam',
    category: 'Healthcare',
    calendarLength: '3 months',
    description:
      '<p>Learn how retail and hospital pharmacies work: reading prescriptions, calculating doses, ' +
      'managing inventory and serving patients at the counter.</p>',
    content: [
      'Pharmacy law and ethics',
      'Dosage calculations',
      'Drug classifications and interactions',
      'Inventory and insurance billing',
    ],
  },
  {
    title: 'Full-Stack Web Development',
    imgUrl: '/media/seed/course-full-stack-web.svg',
    price: 3200,
    duration: '24 weeks',
    totalHours: '480 hours',
    credential: 'Professional Certificate',
    preRequisite: 'Comfort with computers; no coding experience needed',
    certification: 'Portfolio review and capstone project',
    category: 'Programming',
    calendarLength: '6 months',
    description:
      '<p>Build and ship real web applications. Start with HTML and CSS, move to JavaScript and TypeScript, ' +
      'then write APIs and deploy a capstone project you can show employers.</p>' +
      '<ul><li>Weekly code reviews with an instructor</li><li>Team project in the final month</li></ul>',
    content: [
      'HTML, CSS and accessible layouts',
      'JavaScript and TypeScript fundamentals',
      'React single-page applications',
      'Node.js APIs and SQL databases',
      'Testing, deployment and the capstone',
    ],
  },
  {
    title: 'Python for Data Analysis',
    imgUrl: '/media/seed/course-python-data.svg',
    price: 650,
    duration: '8 weeks',
    totalHours: '96 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'Basic spreadsheet skills',
    certification: 'Institute certificate with graded projects',
    category: 'Programming',
    calendarLength: '2 months',
    description:
      '<p>Turn raw spreadsheets into answers. You will clean data with Python, explore it with notebooks ' +
      'and present clear charts to non-technical colleagues.</p>',
    content: ['Python basics', 'Working with tables of data', 'Charts and visual storytelling', 'A final analysis project'],
  },
  {
    title: 'Network Administration',
    imgUrl: '/media/seed/course-network-administration.svg',
    price: 1850,
    duration: '14 weeks',
    totalHours: '210 hours',
    credential: 'Professional Certificate',
    preRequisite: 'IT fundamentals or equivalent experience',
    certification: 'Prepares for the CompTIA Network+ exam',
    category: 'Networking',
    calendarLength: '3.5 months',
    description:
      '<p>Design, configure and troubleshoot small and medium business networks in our hands-on lab, ' +
      'from cabling a rack to monitoring traffic.</p>',
    content: ['The OSI model in practice', 'Switching and VLANs', 'Routing and subnetting', 'Wireless networks', 'Monitoring and troubleshooting'],
  },
  {
    title: 'Cloud and Network Security',
    imgUrl: '/media/seed/course-cloud-security.svg',
    price: 499,
    duration: '6 weeks',
    totalHours: '60 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'Network Administration or equivalent experience',
    certification: 'Institute certificate',
    category: 'Networking',
    calendarLength: '6 weeks',
    description:
      '<p>An evening course on keeping systems safe: firewalls, identity, encryption and the habits ' +
      'that stop most incidents before they start.</p>',
    content: ['Threats and attack surfaces', 'Firewalls and segmentation', 'Identity and access management', 'Incident response basics'],
  },
  {
    title: 'Project Management Essentials',
    imgUrl: '/media/seed/course-project-management.svg',
    price: 975,
    duration: '10 weeks',
    totalHours: '120 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'None',
    certification: 'Meets the 35 contact hours required for the CAPM exam',
    category: 'Management',
    calendarLength: '10 weeks',
    description:
      '<p>Learn to plan work, manage risk and keep stakeholders informed, with both predictive and agile methods. ' +
      'Every module ends with a short case study from a real workplace.</p>',
    content: ['Scope, schedule and budget', 'Risk and quality management', 'Agile and Scrum', 'Leading project teams'],
  },
  {
    title: 'Healthcare Office Management',
    imgUrl: '/media/seed/course-healthcare-administration.svg',
    price: 350,
    duration: '5 weeks',
    totalHours: '50 hours',
    credential: 'Certificate of Completion',
    preRequisite: 'None',
    certification: 'Institute certificate',
    category: 'Management',
    calendarLength: '5 weeks',
    description:
      '<p>Run the business side of a medical office: scheduling, billing and coding basics, ' +
      'and leading a small front-desk team.</p>',
    content: ['Patient scheduling', 'Billing and coding basics', 'Privacy and compliance', 'Front-desk leadership'],
  },
];
