import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAvailability } from './get-availability';

afterEach(() => vi.unstubAllGlobals());

describe('fetchAvailability', () => {
  it('reads the places left by course', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ courses: { passe: { places: 40, placesLeft: 3 }, bad: { places: 'x' } } }),
    );
    expect(await fetchAvailability()).toEqual({ passe: { places: 40, placesLeft: 3 } });
  });
});
