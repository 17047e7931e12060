import type { QuickProgram } from '@institute/shared/contract';
import { prerequisiteText, priceText } from './program-format';
import styles from './quick-program-detail.module.css';

type Field = 'price' | 'duration' | 'hours' | 'prerequisite';

const LABELS: Record<Field, string> = { price: 'Price', duration: 'Duration', hours: 'Total hours', prerequisite: 'Prerequisite' };

function value(program: QuickProgram, field: Field): string {
  if (field === 'price') return priceText(program.price);
  if (field === 'prerequisite') return prerequisiteText(program);
  const text = field === 'duration' ? program.duration : program.totalHours;
  return text?.trim() ? text : 'Not specified';
}

/** The same facts appear in the duration tab and the side panel, in the spec's order for each. */
export function ProgramFacts({ program, fields }: { program: QuickProgram; fields: Field[] }) {
  return (
    <dl className={styles.facts}>
      {fields.map((field) => (
        <div key={field} className={styles.fact}>
          <dt>{LABELS[field]}</dt>
          <dd>{value(program, field)}</dd>
        </div>
      ))}
    </dl>
  );
}
