import { describe, expect, it, vi } from 'vitest';
import { fetchAvailability } from './get-availability';

describe('fetchAvailability', () => {
  it('reads the places left by course', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({
        courses: {
          passe: { places: 40, placesLeft: 3 },
          prece: {
            places: 40,
            placesLeft: 40,
            state: 'not-open',
            opensAt: '2027-03-01T22:30:00.000Z',
            closesAt: null,
          },
          bad: { places: 'x' },
        },
      }),
    );
    expect(await fetchAvailability()).toEqual({
      passe: { places: 40, placesLeft: 3, state: 'open', opensAt: null, closesAt: null },
      prece: {
        places: 40,
        placesLeft: 40,
        state: 'not-open',
        opensAt: '2027-03-01T22:30:00.000Z',
        closesAt: null,
      },
    });
  });
});
