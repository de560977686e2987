/**
 * The frame of every message: the centre's name on its blue band with the gold rule, the body, and
 * a footer with the centre's address, contact e-mail and WhatsApp number (as text: some messages
 * link nowhere on the web) as published when the message is composed (decision 073). Inline styles and tables only (what mail
 * programs render); no remote images, no web fonts, nothing fetched. Colours are the website's
 * (apps/web/app/styles/global.css). Rendered to static HTML with react-dom/server, as the
 * provider's pages are (decision 043): every text given to it is escaped by React.
 */
import { type Centre, formatAddress, formatPhoneForDisplay } from '@centro/content';
import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export const COLOURS = {
  blue: '#1f3a5f',
  gold: '#e0a526',
  goldSoft: '#fdf3dc',
  skySoft: '#f2f7fc',
  greenStrong: '#3d6e55',
  text: '#1c2633',
  muted: '#4a5566',
  line: '#c9d8ea',
} as const;

const FONT: CSSProperties = { fontFamily: 'Arial,Helvetica,sans-serif' };
const BODY_TEXT: CSSProperties = {
  ...FONT,
  fontSize: '16px',
  lineHeight: '1.5',
  color: COLOURS.text,
};

/** The centre as the messages need it: its name and the contact details in effect. */
export type MessageCentre = Pick<Centre, 'name' | 'email' | 'whatsapp' | 'address'>;

/** A paragraph of body text. */
export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px', ...BODY_TEXT }}>{children}</p>;
}

/** A call-to-action link styled as a button (the website's green). */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table
      role="presentation"
      cellSpacing="0"
      cellPadding="0"
      border={0}
      style={{ margin: '8px 0 24px' }}
    >
      <tbody>
        <tr>
          <td style={{ borderRadius: '8px', background: COLOURS.greenStrong }}>
            <a
              href={href}
              style={{
                display: 'inline-block',
                padding: '12px 22px',
                ...FONT,
                fontSize: '16px',
                fontWeight: 'bold',
                color: '#ffffff',
                textDecoration: 'none',
                borderRadius: '8px',
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** A highlighted box (the website's gold notice). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        margin: '0 0 16px',
        padding: '12px 16px',
        borderLeft: `4px solid ${COLOURS.gold}`,
        background: COLOURS.goldSoft,
        ...BODY_TEXT,
      }}
    >
      {children}
    </div>
  );
}

/** A code to type, large and spaced (the e-mail verification's six digits). */
export function Code({ children }: { children: string }) {
  return (
    <p
      style={{
        margin: '0 0 16px',
        fontFamily: "'Courier New',Courier,monospace",
        fontSize: '32px',
        fontWeight: 'bold',
        letterSpacing: '8px',
        color: COLOURS.blue,
      }}
    >
      {children}
    </p>
  );
}

export interface LayoutInput {
  centre: MessageCentre;
  /** The message's subject (the document's title). */
  title: string;
  /** A line mail programs show next to the subject. */
  preheader: string;
  body: ReactNode;
  /** Why the person receives this message (footer). */
  reason: string;
}

const FRAME = {
  role: 'presentation',
  width: '100%',
  cellSpacing: '0',
  cellPadding: '0',
  border: 0,
} as const;

function Document({ centre, title, preheader, body, reason }: LayoutInput) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLOURS.skySoft }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{preheader}</div>
        <table {...FRAME} style={{ background: COLOURS.skySoft }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  {...FRAME}
                  style={{
                    maxWidth: '600px',
                    background: '#ffffff',
                    border: `1px solid ${COLOURS.line}`,
                    borderRadius: '12px',
                  }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: '20px 24px',
                          background: COLOURS.blue,
                          borderBottom: `6px solid ${COLOURS.gold}`,
                          borderRadius: '12px 12px 0 0',
                          ...FONT,
                          fontSize: '20px',
                          fontWeight: 'bold',
                          color: '#ffffff',
                        }}
                      >
                        {centre.name}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '24px' }}>{body}</td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: `1px solid ${COLOURS.line}`,
                          ...FONT,
                          fontSize: '13px',
                          lineHeight: '1.5',
                          color: COLOURS.muted,
                        }}
                      >
                        {reason}
                        <br />
                        {`${centre.name} · ${formatAddress(centre.address)}`}
                        <br />
                        Dúvidas:{' '}
                        <a href={`mailto:${centre.email}`} style={{ color: COLOURS.blue }}>
                          {centre.email}
                        </a>
                        {` · WhatsApp: ${formatPhoneForDisplay(centre.whatsapp)}`}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The whole HTML document of a message. */
export function layout(input: LayoutInput): string {
  return `<!doctype html>${renderToStaticMarkup(<Document {...input} />)}`;
}

/** The plain-text part: the body's lines, then the same footer. */
export function textLayout(
  centre: MessageCentre,
  lines: readonly string[],
  reason: string,
): string {
  return [
    ...lines,
    '',
    '--',
    reason,
    `${centre.name} · ${formatAddress(centre.address)}`,
    `Dúvidas: ${centre.email} · WhatsApp: ${formatPhoneForDisplay(centre.whatsapp)}`,
    '',
  ].join('\n');
}
