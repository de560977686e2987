import type { MetaDescriptor } from 'react-router';

export interface ContactPageData {
  centreName: string;
  addressLines: string[];
  whatsappHref: string;
  whatsappDisplay: string;
  email: string;
  map: { src: string; title: string };
}

export interface ContactLoaderData {
  page: ContactPageData;
  meta: MetaDescriptor[];
}
