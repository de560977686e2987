import { centre } from '@centro/content';
import { describe, expect, it } from 'vitest';
import { contactDetailsSchema, isMapEmbed, whatsappDigitsOf } from './contact.js';

const packaged = {
  address: {
    street: centre.address.street,
    district: centre.address.district,
    city: centre.address.city,
    state: centre.address.state,
    postalCode: centre.address.postalCode,
  },
  whatsapp: centre.whatsapp,
  email: centre.email,
  mapEmbedUrl: centre.mapEmbedUrl,
  mapTitle: centre.mapTitle,
};
const problemsOf = (details: object) => {
  const parsed = contactDetailsSchema.safeParse(details);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('the contact details', () => {
  it('accepts the packaged details as they are', () => {
    expect(contactDetailsSchema.parse(packaged)).toEqual(packaged);
  });

  it('reads a Brazilian number however it is typed, and refuses what is not one', () => {
    for (const typed of ['(11) 91234-5678', '11912345678', '+55 11 91234-5678', '5511912345678']) {
      expect(whatsappDigitsOf(typed), typed).toBe('5511912345678');
    }
    expect(whatsappDigitsOf('(21) 3456-7890')).toBe('552134567890');
    for (const typed of [
      '91234-5678',
      '(01) 91234-5678',
      '(11) 81234-5678',
      '+1 415 555 0100',
      '',
    ]) {
      expect(whatsappDigitsOf(typed), typed).toBeNull();
    }
  });

  it('takes a map only as an embed from the origins the CSP allows', () => {
    expect(isMapEmbed('https://www.google.com/maps/embed?pb=!1m18')).toBe(true);
    expect(isMapEmbed('https://www.google.com/maps?q=Rua%20A&output=embed')).toBe(true);
    for (const url of [
      'https://www.google.com/maps?q=Rua%20A',
      'https://maps.example.org/maps/embed?pb=1',
      'http://www.google.com/maps/embed?pb=1',
      'https://www.google.com.evil.org/maps/embed',
      'javascript:alert(1)',
      'não é um endereço',
    ]) {
      expect(isMapEmbed(url), url).toBe(false);
    }
  });

  it('normalises what people type and says each problem in pt-BR beside its field', () => {
    const typed = contactDetailsSchema.parse({
      ...packaged,
      address: { ...packaged.address, state: 'rj', postalCode: '20040020' },
      whatsapp: '(21) 99876-5432',
      email: ' Contato@Centro.ORG ',
    });
    expect(typed).toMatchObject({
      address: { state: 'RJ', postalCode: '20040-020' },
      whatsapp: '5521998765432',
      email: 'contato@centro.org',
    });
    expect(
      problemsOf({
        address: { street: '', district: 'B', city: 'C', state: 'XX', postalCode: '123' },
        whatsapp: '1234',
        email: 'sem-arroba',
        mapEmbedUrl: 'https://maps.example.org/embed',
        mapTitle: 'x'.repeat(121),
      }),
    ).toEqual([
      'Endereço: campo obrigatório.',
      'Estado: informe a sigla, como SP.',
      'CEP: informe no formato 00000-000.',
      'WhatsApp: informe DDD e número, como (11) 91234-5678.',
      'E-mail: informe um endereço, como contato@exemplo.org.',
      expect.stringMatching(/^Mapa: cole o endereço de um mapa do Google Maps/),
      'Título do mapa: no máximo 120 caracteres.',
    ]);
  });
});
