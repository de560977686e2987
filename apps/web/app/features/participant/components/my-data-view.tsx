/**
 * 'Meus dados' for reading: the JSON download's data under pt-BR headings, on
 * São Paulo's clock (readable-data.ts), with 'Imprimir' for a copy on paper or as a PDF. Loaded
 * only when the person asks to see it.
 */
import type { MyData } from '@centro/contracts';
import { useId } from 'react';
import { readableInstant, readableMyData } from '../readable-data';

export default function MyDataView({ data }: { data: MyData }) {
  const id = useId();
  return (
    <article className="participant__data" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Seus dados em {readableInstant(data.exportedAt)}</h3>
      {readableMyData(data).map((section) => (
        <section key={section.title} aria-label={section.title}>
          <h4>{section.title}</h4>
          {section.rows.length === 0 ? (
            <p>{section.empty}</p>
          ) : (
            <dl>
              {section.rows.map(([label, text], index) => (
                <div key={`${label}-${index}`}>
                  <dt>{label}</dt>
                  <dd>{text}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}
      <button type="button" className="btn btn-outline" onClick={() => window.print()}>
        Imprimir
      </button>
    </article>
  );
}
