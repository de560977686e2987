/**
 * The centre's contact details (decision 068), in the 'Conteúdo' section: the address,
 * the WhatsApp number (however typed), the e-mail and the Google Maps embed of /contato, which are
 * also in every page's footer and structured data. Problems beside their fields; 'Publicar
 * contato' names the version the edit started from (someone else's save meanwhile is refused and
 * the details stay on screen). Below, the versions with 'Restaurar esta versão' (texts-history.tsx).
 */
import { type ContactForm as Form, contactProblems } from '@centro/contracts/contact-rules';
import type { ContactDetails, StaffContactResponse } from '@centro/contracts/contact';
import { useCallback, useMemo, useState } from 'react';
import { useApi } from '~/auth/use-api';
import { useLoad } from '~/lib/use-load';
import { fetchContact, fetchContactHistory, restoreContact, saveContact } from '../api/contact';
import { LoadFailed } from './load-failed';
import { type ListedRevision, RevisionHistory } from './texts-history';
import { PublishForm } from './publish-form';
import { type ContentDocumentForm, useContentForm } from './use-content-form';

const FIELDS: { key: keyof Form; label: string; hint?: string }[] = [
  { key: 'street', label: 'Endereço (rua e número)' },
  { key: 'district', label: 'Bairro' },
  { key: 'city', label: 'Cidade' },
  { key: 'state', label: 'Estado (sigla)' },
  { key: 'postalCode', label: 'CEP' },
  { key: 'whatsapp', label: 'WhatsApp', hint: 'DDD e número, como (11) 91234-5678.' },
  { key: 'email', label: 'E-mail' },
  {
    key: 'mapEmbedUrl',
    label: 'Mapa (endereço de incorporação)',
    hint: 'No Google Maps: Compartilhar › Incorporar um mapa; cole o endereço do src.',
  },
  { key: 'mapTitle', label: 'Título do mapa' },
];

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
  send: (revision, form, token) => saveContact({ revision, contact: detailsOf(form) }, token),
  published: 'Contato publicado.',
  what: 'contact',
};

const loadHistory = async (token: string): Promise<ListedRevision[]> =>
  (await fetchContactHistory(token)).revisions.map(({ contact, ...info }) => ({
    ...info,
    values: { ...formOf(contact) },
  }));

const restore = (revision: number, restore: number, token: string) =>
  restoreContact({ revision, restore }, token);

export function ContactPanel() {
  const call = useApi();
  const stored = useLoad(
    useCallback(() => call(fetchContact), [call]),
    'Staff area: loading contact',
  );
  // A restore replaces the form (a new key) with what the server then holds.
  const [restored, setRestored] = useState<StaffContactResponse | null>(null);
  // Each save or restore loads the versions again.
  const [version, setVersion] = useState(0);
  return (
    <section className="staff__settings" aria-labelledby="contato-titulo">
      <h2 id="contato-titulo">Contato</h2>
      {stored.state === 'loading' && <p role="status">Carregando contato…</p>}
      {stored.state === 'failed' && <LoadFailed onRetry={stored.reload} />}
      {stored.state === 'ready' && (
        <>
          <ContactForm
            key={(restored ?? stored.data).revision}
            initial={restored ?? stored.data}
            onSaved={() => setVersion((v) => v + 1)}
          />
          <RevisionHistory
            title="Versões anteriores do contato"
            fields={FIELDS}
            original="Contato original do site"
            version={version}
            load={loadHistory}
            restore={restore}
            onRestored={(saved) => {
              setRestored(saved);
              setVersion((v) => v + 1);
            }}
          />
        </>
      )}
    </section>
  );
}

function ContactForm({
  initial,
  onSaved,
}: {
  initial: StaffContactResponse;
  onSaved: (saved: StaffContactResponse) => void;
}) {
  const settings = useMemo(() => ({ ...CONTACT_FORM, onSaved }), [onSaved]);
  const doc = useContentForm(initial, settings);
  const { form, setForm, field } = doc;
  return (
    <PublishForm
      doc={doc}
      original="Contato original do site, ainda não alterado."
      about="Ao salvar, /contato e o rodapé de todas as páginas mudam em alguns segundos."
      submit="Publicar contato"
    >
      {FIELDS.map(({ key, label, hint }) => (
        <div key={key}>
          {field(key, label, (props) => (
            <>
              <input
                {...props}
                value={form[key]}
                onChange={(e) => {
                  const { value } = e.currentTarget;
                  setForm((current) => ({ ...current, [key]: value }));
                }}
              />
              {hint && <small>{hint}</small>}
            </>
          ))}
        </div>
      ))}
    </PublishForm>
  );
}
