import { describe, expect, it } from 'vitest';
import { SearchSightings } from '../../../../server/sites/search-sightings';

describe('SearchSightings', () => {
  it('has met a search from its first sighting on, per company', () => {
    const sightings = new SearchSightings();
    expect(sightings.metBefore('company-a', '[null,["harbour"]]')).toBe(false);
    expect(sightings.metBefore('company-a', '[null,["harbour"]]')).toBe(true);
    expect(sightings.metBefore('company-a', '[null,["harbour"]]')).toBe(true);
    expect(sightings.metBefore('company-b', '[null,["harbour"]]'), 'another company’s search is its own').toBe(false);
    expect(sightings.metBefore('company-a', '["ongoing",["harbour"]]'), 'another key is another search').toBe(false);
  });

  it('starts afresh past its capacity, and keeps meeting searches after', () => {
    const sightings = new SearchSightings(3);
    for (const key of ['a', 'b', 'c']) expect(sightings.metBefore('company', key)).toBe(false);
    expect(sightings.metBefore('company', 'c')).toBe(true);
    expect(sightings.metBefore('company', 'd'), 'a fourth search, past the capacity').toBe(false);
    expect(sightings.metBefore('company', 'a'), 'forgotten when the process started afresh').toBe(false);
    expect(sightings.metBefore('company', 'd')).toBe(true);
  });
});
