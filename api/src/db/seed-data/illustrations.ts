/**
 * The demo content's pictures: flat SVG illustrations drawn from shapes, one scene per course, program, post and
 * gallery item, coloured by category. Written to api/seed-media by `npm run seed:media -w @institute/api`; a test
 * keeps the committed files equal to this source. No text in the pictures: the page shows the title beside them.
 */

interface Palette {
  sky: [string, string];
  ground: string;
  main: string;
  accent: string;
  light: string;
  dark: string;
}

export const PALETTES = {
  Healthcare: { sky: ['#e6f6f4', '#c5ebe5'], ground: '#9fd8cf', main: '#0f766e', accent: '#f97362', light: '#ffffff', dark: '#134e4a' },
  Programming: { sky: ['#eef0ff', '#d9ddff'], ground: '#b7bdf5', main: '#4338ca', accent: '#f59e0b', light: '#ffffff', dark: '#1e1b4b' },
  Networking: { sky: ['#e8f4fd', '#cde6fa'], ground: '#a5cdee', main: '#0369a1', accent: '#22c55e', light: '#ffffff', dark: '#0c4a6e' },
  Management: { sky: ['#fff6e8', '#fde7c4'], ground: '#f6cf8f', main: '#b45309', accent: '#2563eb', light: '#ffffff', dark: '#78350f' },
  Careers: { sky: ['#f3efff', '#e2d8fd'], ground: '#c7b5f5', main: '#6d28d9', accent: '#f97316', light: '#ffffff', dark: '#3b0764' },
  Campus: { sky: ['#eaf5ff', '#fdf2e3'], ground: '#b9dcb0', main: '#1d4ed8', accent: '#e11d48', light: '#ffffff', dark: '#1e293b' },
} satisfies Record<string, Palette>;

type Category = keyof typeof PALETTES;
type Draw = (p: Palette) => string;

interface Scene {
  label: string;
  category: Category;
  width: number;
  height: number;
  draw: Draw;
}

/** Drawing in a 800 x 500 box, scaled to the picture's own size. */
const BOX = { width: 800, height: 500 };

const backdrop = (p: Palette, id: string) => `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs>
<rect width="800" height="500" fill="url(#${id})"/>
<circle cx="690" cy="90" r="120" fill="${p.light}" opacity="0.55"/>
<circle cx="90" cy="430" r="150" fill="${p.light}" opacity="0.35"/>
<rect y="390" width="800" height="110" fill="${p.ground}"/>`;

const plant = (x: number, p: Palette) =>
  `<g><rect x="${x - 16}" y="350" width="32" height="40" rx="4" fill="${p.dark}"/><ellipse cx="${x}" cy="330" rx="18" ry="34" fill="${p.accent}" opacity="0.9"/><ellipse cx="${x - 20}" cy="340" rx="12" ry="24" fill="${p.main}" opacity="0.8" transform="rotate(-25 ${x - 20} 340)"/><ellipse cx="${x + 20}" cy="340" rx="12" ry="24" fill="${p.main}" opacity="0.8" transform="rotate(25 ${x + 20} 340)"/></g>`;

const desk = (p: Palette, x = 160, w = 480) =>
  `<rect x="${x}" y="370" width="${w}" height="18" rx="4" fill="${p.dark}"/><rect x="${x + 20}" y="388" width="14" height="70" fill="${p.dark}"/><rect x="${x + w - 34}" y="388" width="14" height="70" fill="${p.dark}"/>`;

const monitor = (x: number, y: number, w: number, h: number, p: Palette, screen: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${p.dark}"/><rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="4" fill="${p.light}"/>${screen}<rect x="${x + w / 2 - 10}" y="${y + h}" width="20" height="${370 - y - h}" fill="${p.dark}"/><rect x="${x + w / 2 - 45}" y="362" width="90" height="8" rx="4" fill="${p.dark}"/>`;

const codeLines = (x: number, y: number, p: Palette, rows: [number, number, string][]) =>
  rows.map(([indent, width, color], i) => `<rect x="${x + indent}" y="${y + i * 22}" width="${width}" height="10" rx="5" fill="${color === 'a' ? p.accent : color === 'm' ? p.main : p.ground}"/>`).join('');

const person = (x: number, p: Palette, shirt: string, cap = false) =>
  `<g><circle cx="${x}" cy="262" r="26" fill="#f1c7a5"/><path d="M${x - 27} 258 q27 -40 54 0 q-6 -24 -27 -26 q-21 2 -27 26z" fill="${p.dark}"/><path d="M${x - 46} 390 v-62 q0 -34 46 -38 q46 4 46 38 v62z" fill="${shirt}"/>${cap ? `<path d="M${x - 42} 236 l42 -18 l42 18 l-42 18z" fill="${p.dark}"/><line x1="${x + 34}" y1="240" x2="${x + 38}" y2="266" stroke="${p.accent}" stroke-width="4"/>` : ''}</g>`;

const SCENES: Record<string, Scene> = {
  'course-medical-assistant.svg': {
    label: 'A stethoscope over a patient chart', category: 'Healthcare', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="230" y="150" width="200" height="220" rx="12" fill="${p.light}" stroke="${p.main}" stroke-width="6"/><rect x="290" y="136" width="80" height="30" rx="8" fill="${p.main}"/>${codeLines(260, 200, p, [[0, 120, 'm'], [0, 90, 'g'], [0, 130, 'g'], [0, 70, 'g']])}<path d="M258 318 h40 l14 -30 l18 50 l14 -20 h50" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/><path d="M480 170 v70 a60 60 0 0 0 120 0 v-70" fill="none" stroke="${p.dark}" stroke-width="10" stroke-linecap="round"/><path d="M540 300 v30 a40 40 0 0 0 80 0 v-20" fill="none" stroke="${p.dark}" stroke-width="10"/><circle cx="620" cy="300" r="22" fill="${p.main}" stroke="${p.dark}" stroke-width="8"/>${plant(680, p)}`,
  },
  'course-pharmacy-technician.svg': {
    label: 'Medicine bottles and capsules on a pharmacy shelf', category: 'Healthcare', width: 800, height: 500,
    draw: (p) => `<rect x="120" y="130" width="560" height="12" rx="4" fill="${p.dark}"/><rect x="120" y="250" width="560" height="12" rx="4" fill="${p.dark}"/>${[150, 240, 330, 420, 510, 600].map((x, i) => `<rect x="${x}" y="${i % 2 ? 60 : 76}" width="56" height="${i % 2 ? 70 : 54}" rx="8" fill="${i % 3 === 0 ? p.main : i % 3 === 1 ? p.accent : p.light}" stroke="${p.dark}" stroke-width="3"/>`).join('')}${[170, 300, 470].map((x) => `<rect x="${x}" y="176" width="70" height="74" rx="10" fill="${p.light}" stroke="${p.main}" stroke-width="4"/><rect x="${x}" y="166" width="70" height="18" rx="4" fill="${p.main}"/><rect x="${x + 16}" y="206" width="38" height="22" rx="4" fill="${p.sky[1]}"/>`).join('')}${desk(p, 140, 520)}<g transform="rotate(-30 330 345)"><rect x="290" y="330" width="80" height="30" rx="15" fill="${p.accent}"/><rect x="330" y="330" width="40" height="30" rx="15" fill="${p.light}"/></g><g transform="rotate(20 470 350)"><rect x="430" y="336" width="80" height="30" rx="15" fill="${p.main}"/><rect x="470" y="336" width="40" height="30" rx="15" fill="${p.light}"/></g>`,
  },
  'course-full-stack-web.svg': {
    label: 'A browser window with page layout and code', category: 'Programming', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="150" y="70" width="500" height="290" rx="14" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/><rect x="150" y="70" width="500" height="40" rx="14" fill="${p.dark}"/>${[180, 205, 230].map((x, i) => `<circle cx="${x}" cy="90" r="7" fill="${[p.accent, p.sky[1], p.ground][i]}"/>`).join('')}<rect x="180" y="130" width="190" height="110" rx="8" fill="${p.sky[1]}"/><path d="M200 220 l40 -50 l30 35 l20 -20 l50 35z" fill="${p.main}" opacity="0.7"/>${codeLines(400, 136, p, [[0, 180, 'm'], [20, 140, 'g'], [20, 100, 'a'], [0, 160, 'g'], [20, 120, 'g']])}<path d="M220 290 l-24 20 l24 20 M290 290 l24 20 l-24 20 M264 284 l-16 52" fill="none" stroke="${p.accent}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/><rect x="400" y="284" width="220" height="44" rx="22" fill="${p.main}"/>`,
  },
  'course-python-data.svg': {
    label: 'Charts rising from a data notebook', category: 'Programming', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="140" y="90" width="300" height="270" rx="14" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/>${[60, 110, 90, 160, 200].map((h, i) => `<rect x="${175 + i * 50}" y="${330 - h}" width="34" height="${h}" rx="4" fill="${i === 4 ? p.accent : p.main}"/>`).join('')}<rect x="480" y="90" width="200" height="130" rx="14" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/><path d="M500 190 q40 -80 80 -30 t80 -40" fill="none" stroke="${p.accent}" stroke-width="7" stroke-linecap="round"/><rect x="480" y="240" width="200" height="120" rx="14" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/><circle cx="580" cy="300" r="42" fill="${p.ground}"/><path d="M580 300 v-42 a42 42 0 0 1 40 54z" fill="${p.main}"/>`,
  },
  'course-network-administration.svg': {
    label: 'A network switch linking computers', category: 'Networking', width: 800, height: 500,
    draw: (p) => `<rect x="280" y="190" width="240" height="70" rx="12" fill="${p.dark}"/>${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${300 + i * 34}" y="228" width="22" height="16" rx="2" fill="${p.sky[1]}"/><circle cx="${311 + i * 34}" cy="212" r="4" fill="${p.accent}"/>`).join('')}${([[130, 90], [640, 90], [130, 330], [640, 330]] as const).map(([x, y]) => `<path d="M${x + 30} ${y + 40} L${x < 400 ? 280 : 520} 225" stroke="${p.main}" stroke-width="6" stroke-dasharray="14 10"/><rect x="${x - 40}" y="${y}" width="140" height="86" rx="10" fill="${p.light}" stroke="${p.dark}" stroke-width="5"/><rect x="${x - 26}" y="${y + 14}" width="112" height="52" rx="4" fill="${p.sky[1]}"/>`).join('')}`,
  },
  'course-cloud-security.svg': {
    label: 'A cloud guarded by a shield and padlock', category: 'Networking', width: 800, height: 500,
    draw: (p) => `<path d="M210 330 a80 80 0 0 1 30 -154 a110 110 0 0 1 210 -20 a90 90 0 0 1 140 86 a70 70 0 0 1 -10 88z" fill="${p.light}" stroke="${p.main}" stroke-width="8"/><path d="M400 170 l90 34 v70 q0 70 -90 106 q-90 -36 -90 -106 v-70z" fill="${p.main}"/><rect x="365" y="262" width="70" height="58" rx="8" fill="${p.light}"/><path d="M378 262 v-18 a22 22 0 0 1 44 0 v18" fill="none" stroke="${p.light}" stroke-width="10"/><circle cx="400" cy="288" r="8" fill="${p.dark}"/><rect x="397" y="290" width="6" height="18" fill="${p.dark}"/>${[[140, 420], [660, 420], [400, 450]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="14" fill="${p.accent}"/>`).join('')}<path d="M140 420 H660 M400 380 v70" stroke="${p.dark}" stroke-width="4" opacity="0.6"/>`,
  },
  'course-project-management.svg': {
    label: 'A planning board with task cards and a timeline', category: 'Management', width: 800, height: 500,
    draw: (p) => `<rect x="110" y="60" width="580" height="320" rx="16" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/>${[0, 1, 2].map((c) => `<rect x="${140 + c * 180}" y="90" width="160" height="16" rx="8" fill="${p.dark}" opacity="0.8"/>${[0, 1, 2].slice(0, 3 - c + (c === 2 ? 1 : 0)).map((r) => `<rect x="${140 + c * 180}" y="${122 + r * 62}" width="160" height="50" rx="8" fill="${[p.sky[1], p.ground, p.accent][(c + r) % 3]}" opacity="${(c + r) % 3 === 2 ? 0.35 : 1}"/><rect x="${154 + c * 180}" y="${138 + r * 62}" width="${60 + ((c * 3 + r) % 3) * 25}" height="8" rx="4" fill="${p.dark}" opacity="0.6"/>`).join('')}`).join('')}<rect x="140" y="320" width="520" height="10" rx="5" fill="${p.ground}"/><rect x="140" y="320" width="330" height="10" rx="5" fill="${p.main}"/><circle cx="470" cy="325" r="12" fill="${p.accent}"/>${person(710, p, p.main)}`,
  },
  'course-healthcare-administration.svg': {
    label: 'A calendar, patient files and a headset at a front desk', category: 'Management', width: 800, height: 500,
    draw: (p) => `${desk(p, 120, 560)}<rect x="150" y="110" width="220" height="200" rx="12" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/><rect x="150" y="110" width="220" height="46" rx="12" fill="${p.main}"/>${[0, 1, 2, 3].map((r) => [0, 1, 2, 3, 4].map((c) => `<rect x="${168 + c * 40}" y="${172 + r * 32}" width="28" height="22" rx="4" fill="${r === 1 && c === 3 ? p.accent : p.sky[1]}"/>`).join('')).join('')}${[0, 1, 2].map((i) => `<rect x="${430 + i * 12}" y="${250 - i * 26}" width="160" height="${120 + i * 26}" rx="8" fill="${[p.ground, p.accent, p.light][i]}" stroke="${p.dark}" stroke-width="3"/>`).join('')}<rect x="470" y="210" width="60" height="24" rx="4" fill="${p.main}"/><path d="M610 330 a50 50 0 0 1 100 0" fill="none" stroke="${p.dark}" stroke-width="10"/><rect x="598" y="322" width="24" height="40" rx="8" fill="${p.dark}"/><rect x="698" y="322" width="24" height="40" rx="8" fill="${p.dark}"/>`,
  },
  'program-phlebotomy.svg': {
    label: 'Test tubes in a rack beside a drop of blood', category: 'Healthcare', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="210" y="300" width="300" height="40" rx="8" fill="${p.dark}"/><rect x="210" y="240" width="300" height="16" rx="6" fill="${p.dark}"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="${232 + i * 56}" y="150" width="32" height="170" rx="16" fill="${p.light}" stroke="${p.main}" stroke-width="5"/><rect x="${236 + i * 56}" y="${210 + (i % 3) * 20}" width="24" height="${106 - (i % 3) * 20}" rx="12" fill="${i === 2 ? p.main : p.accent}"/><rect x="${228 + i * 56}" y="140" width="40" height="20" rx="6" fill="${[p.accent, p.main, p.dark][i % 3]}"/>`).join('')}<path d="M610 140 q-60 90 -60 140 a60 60 0 0 0 120 0 q0 -50 -60 -140z" fill="${p.accent}"/><ellipse cx="590" cy="280" rx="12" ry="22" fill="${p.light}" opacity="0.6"/>`,
  },
  'program-cpr-first-aid.svg': {
    label: 'A heart with a pulse line and a first aid kit', category: 'Healthcare', width: 800, height: 500,
    draw: (p) => `<path d="M300 330 q-150 -90 -120 -190 q40 -80 120 -20 q80 -60 120 20 q30 100 -120 190z" fill="${p.accent}"/><path d="M120 230 h110 l30 -60 l40 120 l30 -60 h80" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/><path d="M120 230 h110 l30 -60 l40 120 l30 -60 h80" fill="none" stroke="${p.dark}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/><rect x="480" y="210" width="220" height="160" rx="16" fill="${p.main}"/><rect x="550" y="180" width="80" height="40" rx="10" fill="none" stroke="${p.dark}" stroke-width="10"/><rect x="574" y="240" width="32" height="100" rx="6" fill="${p.light}"/><rect x="540" y="274" width="100" height="32" rx="6" fill="${p.light}"/>`,
  },
  'program-excel-business.svg': {
    label: 'A spreadsheet grid with a growing chart', category: 'Management', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="140" y="70" width="400" height="290" rx="12" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/><rect x="140" y="70" width="400" height="36" rx="12" fill="${p.main}"/>${[0, 1, 2, 3, 4, 5].map((r) => [0, 1, 2, 3].map((c) => `<rect x="${156 + c * 94}" y="${120 + r * 38}" width="84" height="28" rx="3" fill="${c === 0 ? p.sky[1] : r === 5 ? p.ground : '#f8fafc'}" stroke="${p.ground}" stroke-width="1.5"/>`).join('')).join('')}<rect x="560" y="150" width="150" height="210" rx="12" fill="${p.light}" stroke="${p.dark}" stroke-width="6"/>${[0, 1, 2].map((i) => `<rect x="${582 + i * 40}" y="${330 - (i + 1) * 50}" width="28" height="${(i + 1) * 50}" rx="4" fill="${i === 2 ? p.accent : p.main}"/>`).join('')}<path d="M580 250 l40 -30 l40 10 l40 -50" fill="none" stroke="${p.dark}" stroke-width="5" stroke-linecap="round"/>`,
  },
  'program-it-support.svg': {
    label: 'A laptop with a wrench and a support headset', category: 'Networking', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="220" y="130" width="300" height="200" rx="12" fill="${p.dark}"/><rect x="236" y="146" width="268" height="168" rx="4" fill="${p.light}"/><path d="M180 350 h380 l-30 20 h-320z" fill="${p.dark}"/><circle cx="370" cy="230" r="44" fill="${p.sky[1]}"/><path d="M352 230 l14 14 l26 -30" fill="none" stroke="${p.accent}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/><g transform="rotate(40 620 250)"><rect x="606" y="190" width="28" height="140" rx="10" fill="${p.main}"/><path d="M590 170 a34 34 0 1 0 60 0 l-12 22 h-36z" fill="${p.main}"/></g><path d="M560 120 a60 60 0 0 1 120 0" fill="none" stroke="${p.dark}" stroke-width="10"/><rect x="548" y="112" width="24" height="44" rx="8" fill="${p.accent}"/><rect x="668" y="112" width="24" height="44" rx="8" fill="${p.accent}"/>`,
  },
  'blog-career-change.svg': {
    label: 'A path winding past a signpost toward a new horizon', category: 'Careers', width: 800, height: 500,
    draw: (p) => `<path d="M300 500 q60 -120 200 -140 q120 -20 90 -120 q-20 -40 20 -60" fill="none" stroke="${p.light}" stroke-width="60" stroke-linecap="round"/><path d="M300 500 q60 -120 200 -140 q120 -20 90 -120 q-20 -40 20 -60" fill="none" stroke="${p.ground}" stroke-width="6" stroke-dasharray="20 16"/><rect x="196" y="200" width="14" height="200" fill="${p.dark}"/><path d="M210 210 h130 l24 22 l-24 22 h-130z" fill="${p.main}"/><path d="M196 280 h-120 l-24 22 l24 22 h120z" fill="${p.accent}"/><circle cx="610" cy="150" r="46" fill="${p.accent}" opacity="0.85"/><path d="M560 320 l50 -80 l50 80z M620 320 l60 -110 l60 110z" fill="${p.main}" opacity="0.35"/>`,
  },
  'blog-healthcare-jobs.svg': {
    label: 'A briefcase with a medical cross and a rising arrow', category: 'Healthcare', width: 800, height: 500,
    draw: (p) => `<rect x="230" y="190" width="300" height="190" rx="18" fill="${p.main}"/><rect x="320" y="150" width="120" height="50" rx="12" fill="none" stroke="${p.dark}" stroke-width="12"/><rect x="230" y="250" width="300" height="12" fill="${p.dark}" opacity="0.5"/><rect x="362" y="220" width="36" height="110" rx="6" fill="${p.light}"/><rect x="325" y="257" width="110" height="36" rx="6" fill="${p.light}"/><path d="M560 360 l60 -80 l40 30 l70 -120" fill="none" stroke="${p.accent}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/><path d="M700 180 l34 -12 l-6 36z" fill="${p.accent}"/>${plant(140, p)}`,
  },
  'blog-first-code.svg': {
    label: 'A terminal window with the first lines of a program', category: 'Programming', width: 800, height: 500,
    draw: (p) => `${desk(p)}<rect x="170" y="80" width="460" height="280" rx="14" fill="${p.dark}"/><rect x="170" y="80" width="460" height="36" rx="14" fill="#312e81"/>${[196, 220, 244].map((x, i) => `<circle cx="${x}" cy="98" r="7" fill="${[p.accent, p.sky[1], p.ground][i]}"/>`).join('')}<path d="M200 150 l18 14 l-18 14" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>${codeLines(236, 150, { ...p, ground: '#818cf8' }, [[0, 180, 'g'], [24, 220, 'a'], [24, 140, 'g'], [48, 200, 'g'], [24, 90, 'g'], [0, 60, 'a']])}<rect x="236" y="290" width="16" height="24" fill="${p.light}"/>`,
  },
  'blog-study-habits.svg': {
    label: 'A stack of books, a desk lamp and a clock', category: 'Careers', width: 800, height: 500,
    draw: (p) => `${desk(p, 120, 560)}${[0, 1, 2, 3].map((i) => `<rect x="${230 + (i % 2) * 14}" y="${330 - i * 36}" width="${220 - i * 12}" height="36" rx="6" fill="${[p.main, p.accent, p.ground, p.dark][i]}"/><rect x="${246 + (i % 2) * 14}" y="${342 - i * 36}" width="${120 - i * 10}" height="8" rx="4" fill="${p.light}" opacity="0.7"/>`).join('')}<path d="M560 370 v-150 l70 -60" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/><path d="M600 130 l90 10 l-30 70z" fill="${p.accent}"/><path d="M645 175 l-40 120 h120z" fill="${p.accent}" opacity="0.18"/><circle cx="170" cy="150" r="56" fill="${p.light}" stroke="${p.dark}" stroke-width="8"/><path d="M170 112 v38 l26 18" fill="none" stroke="${p.dark}" stroke-width="7" stroke-linecap="round"/>`,
  },
  'gallery-campus-front.svg': {
    label: 'The campus building with trees and its front steps', category: 'Campus', width: 1200, height: 800,
    draw: (p) => `<rect x="220" y="140" width="360" height="250" fill="#f8fafc" stroke="${p.dark}" stroke-width="5"/><path d="M200 150 l200 -80 l200 80z" fill="${p.main}"/>${[0, 1, 2, 3].map((c) => [0, 1].map((r) => `<rect x="${250 + c * 82}" y="${180 + r * 80}" width="50" height="56" rx="4" fill="${p.sky[0]}" stroke="${p.dark}" stroke-width="3"/>`).join('')).join('')}<rect x="365" y="320" width="70" height="70" fill="${p.dark}"/><rect x="340" y="390" width="120" height="10" fill="${p.dark}" opacity="0.6"/>${[120, 680].map((x) => `<rect x="${x - 8}" y="300" width="16" height="90" fill="${p.dark}"/><circle cx="${x}" cy="280" r="60" fill="#3f9d5a"/><circle cx="${x - 30}" cy="300" r="40" fill="#4fb36a"/>`).join('')}<path d="M560 390 v-140 h30" fill="none" stroke="${p.dark}" stroke-width="6"/><path d="M590 250 h60 v36 h-60z" fill="${p.accent}"/>`,
  },
  'gallery-skills-lab.svg': {
    label: 'A clinical skills lab with an exam bed and a vital signs monitor', category: 'Healthcare', width: 1200, height: 800,
    draw: (p) => `<rect x="120" y="270" width="380" height="40" rx="12" fill="${p.light}" stroke="${p.dark}" stroke-width="5"/><rect x="120" y="240" width="90" height="40" rx="14" fill="${p.sky[1]}" stroke="${p.dark}" stroke-width="4"/><rect x="150" y="310" width="14" height="80" fill="${p.dark}"/><rect x="456" y="310" width="14" height="80" fill="${p.dark}"/><rect x="560" y="100" width="170" height="120" rx="12" fill="${p.dark}"/><path d="M575 170 h30 l14 -34 l18 60 l14 -26 h60" fill="none" stroke="#5eead4" stroke-width="5" stroke-linejoin="round"/><rect x="636" y="220" width="16" height="170" fill="${p.dark}"/><rect x="600" y="380" width="90" height="12" rx="6" fill="${p.dark}"/>${person(330, p, p.main)}`,
  },
  'gallery-coding-studio.svg': {
    label: 'Two students pair programming at a shared desk', category: 'Programming', width: 1200, height: 800,
    draw: (p) => `${person(250, p, p.accent)}${person(560, p, p.main)}${desk(p, 130, 560)}${monitor(330, 150, 160, 110, p, codeLines(350, 175, p, [[0, 90, 'm'], [14, 70, 'a'], [14, 100, 'g']]))}<rect x="160" y="350" width="120" height="20" rx="4" fill="${p.ground}"/><rect x="520" y="350" width="120" height="20" rx="4" fill="${p.ground}"/>${plant(720, p)}`,
  },
  'gallery-network-rack.svg': {
    label: 'A network rack of switches with patch cables', category: 'Networking', width: 800, height: 1000,
    draw: (p) => `<rect x="300" y="30" width="200" height="360" rx="10" fill="${p.dark}"/>${[0, 1, 2, 3, 4, 5, 6].map((i) => `<rect x="316" y="${50 + i * 48}" width="168" height="36" rx="4" fill="#1e3a5f"/>${[0, 1, 2, 3, 4, 5].map((j) => `<rect x="${326 + j * 20}" y="${66 + i * 48}" width="12" height="10" rx="2" fill="${p.sky[1]}"/>`).join('')}<circle cx="468" cy="${68 + i * 48}" r="5" fill="${i % 3 === 0 ? p.accent : '#fbbf24'}"/>`).join('')}${[0, 1, 2, 3].map((i) => `<path d="M${336 + i * 40} ${80 + i * 48} q${-120 - i * 20} 60 ${-40 - i * 10} ${160 + i * 20}" fill="none" stroke="${[p.accent, p.main, '#fbbf24', p.light][i]}" stroke-width="5"/>`).join('')}`,
  },
  'gallery-graduation.svg': {
    label: 'Graduates throwing their caps in the air, diplomas in hand', category: 'Careers', width: 1200, height: 800,
    draw: (p) => `${[0, 1, 2, 3].map((i) => `<g transform="rotate(${[-20, 15, -8, 25][i]} ${160 + i * 160} ${70 + (i % 2) * 50})"><path d="M${110 + i * 160} ${70 + (i % 2) * 50} l50 -20 l50 20 l-50 20z" fill="${p.dark}"/><rect x="${140 + i * 160}" y="${76 + (i % 2) * 50}" width="40" height="16" fill="${p.dark}"/><line x1="${200 + i * 160}" y1="${72 + (i % 2) * 50}" x2="${204 + i * 160}" y2="${102 + (i % 2) * 50}" stroke="${p.accent}" stroke-width="4"/></g>`).join('')}${[180, 330, 480, 630].map((x, i) => `${person(x, p, i % 2 ? p.main : p.dark)}<path d="M${x + 30} ${300 - (i % 2) * 10} l22 -70" stroke="#f1c7a5" stroke-width="14" stroke-linecap="round"/><rect x="${x + 40}" y="${206 - (i % 2) * 10}" width="40" height="16" rx="8" fill="${p.light}" stroke="${p.accent}" stroke-width="3" transform="rotate(-70 ${x + 60} ${214 - (i % 2) * 10})"/>`).join('')}${[[90, 200], [720, 180], [400, 40], [560, 90]].map(([x, y], i) => `<rect x="${x}" y="${y}" width="10" height="16" fill="${[p.accent, p.main, '#fbbf24', p.accent][i]}" transform="rotate(${i * 35} ${x} ${y})"/>`).join('')}`,
  },
  'gallery-career-fair.svg': {
    label: 'Employer booths with banners and visitors at a career fair', category: 'Campus', width: 1200, height: 800,
    draw: (p) => `${[0, 1, 2].map((i) => `<rect x="${90 + i * 230}" y="120" width="190" height="50" rx="8" fill="${[p.main, p.accent, '#0f766e'][i]}"/><rect x="${110 + i * 230}" y="138" width="110" height="12" rx="6" fill="${p.light}" opacity="0.85"/><rect x="${100 + i * 230}" y="170" width="8" height="150" fill="${p.dark}"/><rect x="${262 + i * 230}" y="170" width="8" height="150" fill="${p.dark}"/><rect x="${90 + i * 230}" y="300" width="190" height="90" rx="6" fill="#f8fafc" stroke="${p.dark}" stroke-width="4"/>`).join('')}${person(160, p, p.main)}${person(420, p, p.accent)}${person(650, p, '#0f766e')}`,
  },
};

const scaled = (scene: Scene, body: string) => {
  // Pictures keep their own size and ratio; the 800 x 500 drawing is centred and scaled to cover them.
  const scale = Math.max(scene.width / BOX.width, scene.height / BOX.height);
  const dx = (scene.width - BOX.width * scale) / 2;
  const dy = (scene.height - BOX.height * scale) / 2;
  return `<g transform="translate(${+dx.toFixed(2)} ${+dy.toFixed(2)}) scale(${+scale.toFixed(4)})">${body}</g>`;
};

/** The SVG text of one seeded picture. */
export function illustration(file: string): string {
  const scene = SCENES[file];
  if (!scene) throw new Error(`No illustration for ${file}`);
  const p = PALETTES[scene.category];
  const id = `sky-${file.replace(/\.svg$/, '')}`;
  const body = `${backdrop(p, id)}\n${scene.draw(p)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${scene.width}" height="${scene.height}" viewBox="0 0 ${scene.width} ${scene.height}" role="img" aria-label="${scene.label}">
<title>${scene.label}</title>
${scaled(scene, body)}
</svg>
`;
}

export const ILLUSTRATED_FILES = Object.keys(SCENES);
