import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, fieldLabel } from './field-labels.js';
import { staffCourseSettingsSchema } from './staff.js';

describe('fieldLabel', () => {
  it('names every settings field in Portuguese', () => {
    for (const key of Object.keys(staffCourseSettingsSchema.shape)) {
      expect(Object.hasOwn(FIELD_LABELS, key), key).toBe(true);
    }
    expect(fieldLabel('places')).toBe('Vagas');
  });

  it('quotes a key it does not know, and is not fooled by inherited names', () => {
    expect(fieldLabel('whatever')).toBe('"whatever"');
    expect(fieldLabel('constructor')).toBe('"constructor"');
  });
});
