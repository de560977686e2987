/**
 * What a failed staff call tells the person: the API's own pt-BR sentence for a refusal it explained
 * (places below those taken, an unknown e-mail...), which is no fault to log; anything else is
 * logged and told with a general sentence.
 */
import { explainedRefusal } from '~/lib/explained-refusal';

export { explainedRefusal as explained };

/** The sentence to show for a failed staff call; logs the failures nobody explained. */
export function failureMessage(what: string, error: unknown, fallback: string): string {
  const sentence = explainedRefusal(error);
  if (sentence !== null) return sentence;
  console.error(`Staff area: ${what} failed`, error);
  return fallback;
}
