import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '@siteflow/core';
import { addressLine, boundingBox, dayOf, providerNotificationMail, roundKm } from './present.js';

describe('addressLine', () => {
  it('joins street, then suburb state postcode, leaving out what is missing', () => {
    expect(addressLine({ street: '1 Queen Street', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' })).toBe(
      '1 Queen Street, Brisbane City QLD 4000',
    );
    expect(addressLine({ street: null, suburb: 'Toowong', state: 'QLD', postcode: null })).toBe('Toowong QLD');
    expect(addressLine({ street: '  ', suburb: null, state: null, postcode: null })).toBe('');
  });
});

describe('dayOf and roundKm', () => {
  it('takes the day of a stored wall-clock time', () => {
    expect(dayOf('2026-11-21 08:00:00')).toBe('2026-11-21');
    expect(dayOf(null)).toBeNull();
  });
  it('rounds km to one decimal as shown', () => {
    expect(roundKm(49.96)).toBe(50);
    expect(roundKm(12.345)).toBe(12.3);
    expect(roundKm(null)).toBeNull();
  });
});

describe('boundingBox', () => {
  const centre = { lat: -27.46977, lng: 153.025131 };
  it('holds every point at the distance, whichever the bearing', () => {
    const box = boundingBox(centre, 50);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 50 km away along the bearing (small-distance approximation, then checked exactly).
      const rad = (bearing * Math.PI) / 180;
      const lat = centre.lat + (50 / 111.2) * Math.cos(rad);
      const lng = centre.lng + ((50 / 111.2) * Math.sin(rad)) / Math.cos((centre.lat * Math.PI) / 180);
      const p = { lat, lng };
      if (greatCircleKm(centre, p) > 50) continue;
      expect(p.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(p.lat).toBeLessThanOrEqual(box.maxLat);
      expect(p.lng).toBeGreaterThanOrEqual(box.minLng);
      expect(p.lng).toBeLessThanOrEqual(box.maxLng);
    }
  });
  it('leaves out points well beyond the distance', () => {
    const box = boundingBox(centre, 50);
    expect(centre.lat + 1).toBeGreaterThan(box.maxLat); // about 111 km north
    expect(centre.lng - 1).toBeLessThan(box.minLng); // about 99 km west
  });
});

describe('providerNotificationMail', () => {
  it('names the project, its dates, address and link, and escapes HTML', () => {
    const mail = providerNotificationMail({
      companyName: 'Acme <Sites>',
      providerName: 'Sparkright',
      project: {
        code: 'P-000012',
        name: 'Switchboard',
        startDate: '2026-11-21 08:00:00',
        endDate: null,
        address: '1 Queen Street, Brisbane City QLD 4000',
      },
      link: 'http://acme.localhost:3000/projects/12/show',
      staff: ['Sam Spark'],
    });
    expect(mail.subject).toBe('Project P-000012: Switchboard');
    expect(mail.text).toContain('Start: 2026-11-21 08:00');
    expect(mail.text).toContain('End: Not set');
    expect(mail.text).toContain('Address: 1 Queen Street, Brisbane City QLD 4000');
    expect(mail.text).toContain('Assigned staff: Sam Spark');
    expect(mail.text).toContain('http://acme.localhost:3000/projects/12/show');
    expect(mail.html).toContain('Acme &#60;Sites&#62;');
  });
});
