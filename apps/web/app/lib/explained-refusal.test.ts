import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { explainedRefusal } from './explained-refusal';

describe('explainedRefusal', () => {
  it('gives the sentence of a refusal the API explained, and nothing for a failure', () => {
    expect(explainedRefusal(new ApiError(409, '/x', 'course_full', 'Vagas esgotadas.'))).toBe(
      'Vagas esgotadas.',
    );
    expect(explainedRefusal(new ApiError(409, '/x'))).toBeNull();
    expect(
      explainedRefusal(new ApiError(503, '/x', 'service_unavailable', 'Fora do ar.')),
    ).toBeNull();
    expect(explainedRefusal(new Error('offline'))).toBeNull();
  });
});
