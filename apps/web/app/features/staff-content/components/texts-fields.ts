/**
 * The fields of each page's texts in the staff area (decision 064), and their problems beside
 * them: lengths, and a first look at the links (the server reads them with markdown-it and has the
 * last word).
 */
import { linksRefusedAtAGlance, TEXT_LIMITS, textProblem } from '@centro/contracts/text-rules';

/** A text field of a page: its key in the document, label, limits and kind. */
export interface TextField {
  key: string;
  label: string;
  max: number;
  min?: number;
  rich: boolean;
}

/** Each document's fields, in the order of the page. */
export function fieldsOf(document: string): TextField[] {
  if (document === 'home') {
    return [
      { key: 'introduction', label: 'Apresentação', max: TEXT_LIMITS.introduction, rich: true },
    ];
  }
  if (document === 'about')
    return [{ key: 'text', label: 'Texto', max: TEXT_LIMITS.about, rich: true }];
  return [
    { key: 'welcome', label: 'Boas-vindas', max: TEXT_LIMITS.welcome, rich: false },
    {
      key: 'summary',
      label: 'Resumo (cartões e prévia de link)',
      max: TEXT_LIMITS.summary,
      min: TEXT_LIMITS.summaryMin,
      rich: false,
    },
    { key: 'description', label: 'Descrição', max: TEXT_LIMITS.description, rich: true },
    { key: 'cycle', label: 'Texto do ciclo', max: TEXT_LIMITS.cycle, rich: true },
  ];
}

/** The form's values, by field key. */
export type TextsForm = Record<string, string>;

/** Problems beside their fields, by field key; the server has the last word on the links. */
export function textsProblems(document: string, form: TextsForm): Map<string, string> {
  const problems = new Map<string, string>();
  for (const { key, label, max, min, rich } of fieldsOf(document)) {
    const value = form[key] ?? '';
    const [refused] = rich ? linksRefusedAtAGlance(value) : [];
    const problem =
      textProblem(label, value, max, min) ??
      (refused === undefined
        ? null
        : `${label}: o link ${refused.slice(0, 80)} não é permitido; use https:, mailto:, tel: ou uma página do site (/...).`);
    if (problem) problems.set(key, problem);
  }
  return problems;
}
