/**
 * A participant's phone in the staff lists: the number dials when tapped, and a WhatsApp link opens
 * a chat with it, so a volunteer at the door calls or writes without copying the number.
 */
import { phoneLinksOf } from '~/lib/staff/format';

export function PhoneLinks({ phone, name }: { phone: string; name: string }) {
  const links = phoneLinksOf(phone);
  if (!links) return <>{phone || '—'}</>;
  return (
    <span className="staff__phone">
      <a href={links.tel} aria-label={`Ligar para ${name}: ${phone}`}>
        {phone}
      </a>
      <a
        href={links.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`WhatsApp de ${name} (abre em nova aba)`}
      >
        WhatsApp
      </a>
    </span>
  );
}
