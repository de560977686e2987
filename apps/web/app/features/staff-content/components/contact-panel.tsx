/**
 * The centre's contact details (decision 068), in the 'Conteúdo' section: the address,
 * the WhatsApp number (however typed), the e-mail and the map of /contato, which are also in every
 * page's footer and structured data. The map follows the address (a new address with the map
 * left as it was moves the map there, here and on the server alike: `mapFollowingAddress`), shown
 * below the fields as it will be published; a map of one's own is pasted in plain steps.
 * Problems beside their fields; 'Publicar contato' names the version the edit started from
 * (someone else's save meanwhile is refused and the details stay on screen); 'Pré-visualizar'
 * opens /contato with the details on screen. Below, the versions (texts-history.tsx).
 */
import {
  type ContactForm as Form,
  contactProblems,
  isMapEmbed,
  mapFollowingAddress,
} from '@centro/contracts/contact-rules';
import type { ContactDetails, StaffContactResponse } from '@centro/contracts/contact';
import { useMemo, useState } from 'react';
import { contact } from '../api/content';
import { DocumentPanel, type DocumentFormProps } from './document-panel';
import { PublishForm } from './publish-form';
import type { ListedRevision, RevisionPreview } from './texts-history';
import { type ContentDocumentForm, useContentForm } from './use-content-form';

const MAP_HINT =
  'O mapa acompanha o endereço acima: ao mudar o endereço, o mapa passa a mostrar o novo lugar. ' +
  'Para marcar um ponto exato, abra o lugar no Google Maps, toque em Compartilhar e depois em ' +
  'Incorporar um mapa, copie só o endereço entre as aspas depois de src= (começa com ' +
  'https://www.google.com/maps/embed) e cole aqui. Confira na prévia abaixo que o mapa mostra o ' +
  'mesmo lugar do endereço.';

const FIELDS: { key: keyof Form; label: string; hint?: string }[] = [
  { key: 'street', label: 'Endereço (rua e número)' },
  { key: 'district', label: 'Bairro' },
  { key: 'city', label: 'Cidade' },
  { key: 'state', label: 'Estado (sigla)' },
  { key: 'postalCode', label: 'CEP' },
  { key: 'whatsapp', label: 'WhatsApp', hint: 'DDD e número, como (11) 91234-5678.' },
  { key: 'email', label: 'E-mail' },
  { key: 'mapEmbedUrl', label: 'Mapa do Google Maps', hint: MAP_HINT },
  { key: 'mapTitle', label: 'Título do mapa' },
];

const ADDRESS_KEYS = ['street', 'district', 'city', 'state', 'postalCode'] as const;

const formOf = ({ address, ...rest }: ContactDetails): Form => ({ ...address, ...rest });

const detailsOf = (form: Form): ContactDetails => {
  const t = (key: keyof Form) => form[key].trim();
  return {
    address: {
      street: t('street'),
      district: t('district'),
      city: t('city'),
      state: t('state'),
      postalCode: t('postalCode'),
    },
    whatsapp: t('whatsapp'),
    email: t('email'),
    mapEmbedUrl: t('mapEmbedUrl'),
    mapTitle: t('mapTitle'),
  };
};

const CONTACT_FORM: ContentDocumentForm<StaffContactResponse, Form> = {
  formOf: (saved) => formOf(saved.contact),
  problemsOf: contactProblems,
  send: (revision, form, token) => contact.save({ revision, contact: detailsOf(form) }, token),
  published: 'Contato publicado.',
  what: 'contact',
};

const loadHistory = async (token: string): Promise<ListedRevision[]> =>
  (await contact.history(token)).revisions.map(({ contact: details, ...info }) => ({
    ...info,
    values: { ...formOf(details) },
  }));

const preview: RevisionPreview = (revision, token) =>
  contact.preview({ contact: detailsOf(revision.values as unknown as Form) }, token);

export function ContactPanel() {
  return (
    <section className="staff__settings" aria-labelledby="contato-titulo">
      <h2 id="contato-titulo">Contato</h2>
      <DocumentPanel
        api={contact}
        loading="Carregando contato…"
        what="contact"
        Form={ContactForm}
        history={{
          title: 'Versões anteriores do contato',
          fields: FIELDS,
          original: 'Contato original do site',
          load: loadHistory,
          preview,
        }}
      />
    </section>
  );
}

function ContactForm({ initial, onSaved }: DocumentFormProps<StaffContactResponse>) {
  const settings = useMemo(() => ({ ...CONTACT_FORM, onSaved }), [onSaved]);
  const doc = useContentForm(initial, settings);
  const { form, setForm, field } = doc;
  // Until the person changes the map, it follows the address, as the server makes it do.
  const [mapEdited, setMapEdited] = useState(false);
  const change = (key: keyof Form, value: string) => {
    if (key === 'mapEmbedUrl') setMapEdited(true);
    setForm((current) => {
      const next = { ...current, [key]: value };
      if (mapEdited || !(ADDRESS_KEYS as readonly string[]).includes(key)) return next;
      const published = initial.contact;
      const { address } = detailsOf(next);
      return { ...next, mapEmbedUrl: mapFollowingAddress(published, { ...published, address }) };
    });
  };
  const map = form.mapEmbedUrl.trim();
  const [showMap, setShowMap] = useState(false);
  return (
    <PublishForm
      doc={doc}
      original="Contato original do site, ainda não alterado."
      about="Ao salvar, /contato e o rodapé de todas as páginas mudam em alguns segundos."
      submit="Publicar contato"
      preview={{
        render: (token) => contact.preview({ contact: detailsOf(form) }, token),
        what: 'contact preview',
      }}
    >
      {FIELDS.map(({ key, label, hint }) => (
        <div key={key}>
          {field(key, label, (props) => (
            <>
              <input
                {...props}
                value={form[key]}
                onChange={(e) => change(key, e.currentTarget.value)}
              />
              {hint && <small>{hint}</small>}
            </>
          ))}
        </div>
      ))}
      <div className="staff__field">
        {/* Google's map loads only when asked: opening 'Conteúdo' sends nobody to Google. */}
        {!showMap ? (
          <button type="button" className="btn btn-outline" onClick={() => setShowMap(true)}>
            Ver a prévia do mapa
          </button>
        ) : isMapEmbed(map) ? (
          <iframe
            className="staff__map"
            title="Prévia do mapa que aparecerá em /contato"
            src={map}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <small>Cole um endereço de mapa válido para ver a prévia.</small>
        )}
      </div>
    </PublishForm>
  );
}
