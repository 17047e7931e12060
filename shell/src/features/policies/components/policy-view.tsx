import type { ReactNode } from 'react';
import { Link } from '@institute/shared/router';
import { getConfig } from '@institute/shared/config';
import { formatDate } from '@institute/shared/rules';
import { Banner } from '@institute/shared/ui';
import { fillPlaceholders, type PolicyDocument } from '../policy-content';
import styles from '../policies.module.css';

/** Renders one policy document with the institute's details from config. */
export function PolicyView({ policy, related, children }: { policy: PolicyDocument; related: { to: string; label: string }; children?: ReactNode }) {
  const { name, email, phone, address } = getConfig().institute;
  const fill = (text: string) => fillPlaceholders(text, { institute: name, email, phone, address });

  return (
    <>
      <Banner title={policy.title} />
      <article className={styles.article}>
        {/* Noon local time, so the calendar date cannot shift across a time zone. */}
        <p className={styles.updated}>Last updated: {formatDate(`${policy.updated}T12:00:00`)}</p>
        {policy.intro.map((text) => <p key={text}>{fill(text)}</p>)}
        {policy.sections.map((section) => (
          <section key={section.heading} className={styles.section}>
            <h2>{section.heading}</h2>
            {section.paragraphs?.map((text) => <p key={text}>{fill(text)}</p>)}
            {section.items ? <ul>{section.items.map((text) => <li key={text}>{fill(text)}</li>)}</ul> : null}
            {section.contact ? (
              <address className={styles.contact}>
                <span>{address}</span>
                <span>Email: <a href={`mailto:${email}`}>{email}</a></span>
                <span>Phone: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a></span>
              </address>
            ) : null}
          </section>
        ))}
        {children}
        <p className={styles.related}>See also: <Link to={related.to}>{related.label}</Link></p>
      </article>
    </>
  );
}
