import type { Address } from '@centro/content';

/** ["Rua X, 1", "Bairro", "Cidade - UF", "CEP 00000-000"] */
export function addressLines(address: Address): string[] {
  return [
    address.street,
    address.district,
    `${address.city} - ${address.state}`,
    `CEP ${address.postalCode}`,
  ];
}

/** "Rua X, 1 - Bairro, Cidade - UF, CEP 00000-000" */
export function addressLine(address: Address): string {
  const [street, district, city, postalCode] = addressLines(address);
  return `${street} - ${district}, ${city}, ${postalCode}`;
}
