import type { PrivacyPageData } from '../types';

export function PrivacyPage({ title, sections }: PrivacyPageData) {
  return (
    <div className="page">
      <article className="prose">
        <h1>{title}</h1>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </div>
  );
}
