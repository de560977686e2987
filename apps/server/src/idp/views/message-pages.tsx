/**
 * The provider's pages without a form to fill: a message with a way back to the website (errors,
 * expired requests, signed out), the sign-out confirmation, and the forms that submit themselves
 * (sign-out, switching accounts, form_post answers), which also work without JavaScript (a button
 * in <noscript>). The one inline script is allowed by its hash in the page's CSP.
 */
import { Layout, renderPage, type SiteIdentity } from './layout.js';

export interface MessagePageOptions {
  site: SiteIdentity;
  title: string;
  paragraphs: string[];
  /** A small print line (e.g. the error code for support). */
  detail?: string;
}

/** A message with a way back to the website. */
export function messagePage({ site, title, paragraphs, detail }: MessagePageOptions): string {
  return renderPage(
    <Layout site={site} title={title}>
      <h1>{title}</h1>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p className="actions">
        <a className="btn btn-primary" href="/">
          Voltar ao site
        </a>
      </p>
      {detail ? <p className="hint">{detail}</p> : null}
    </Layout>,
  );
}

export interface HiddenInput {
  name: string;
  value: string;
}

const AUTO_SUBMIT = 'document.forms[0].submit();';

/** A form that submits itself; without JavaScript, a button does it. */
export function autoSubmitPage(options: {
  site: SiteIdentity;
  title: string;
  text: string;
  action: string;
  inputs: HiddenInput[];
  button: string;
}): string {
  return renderPage(
    <Layout site={options.site} title={options.title} script={AUTO_SUBMIT}>
      <h1>{options.title}</h1>
      <p>{options.text}</p>
      <form method="post" action={options.action}>
        {options.inputs.map((input) => (
          <input key={input.name} type="hidden" name={input.name} value={input.value} />
        ))}
        <noscript>
          <button className="btn btn-primary" type="submit">
            {options.button}
          </button>
        </noscript>
      </form>
    </Layout>,
  );
}

/** Asks before signing out (the request did not prove it comes from the person's own website). */
export function signOutConfirmPage(options: {
  site: SiteIdentity;
  action: string;
  xsrf: string;
}): string {
  return renderPage(
    <Layout site={options.site} title="Sair da conta">
      <h1>Sair da conta</h1>
      <p>{`Deseja sair da sua conta no ${options.site.portalName} neste navegador?`}</p>
      <form method="post" action={options.action}>
        <input type="hidden" name="xsrf" value={options.xsrf} />
        <div className="actions">
          <button className="btn btn-primary" type="submit" name="logout" value="yes">
            Sair
          </button>
        </div>
      </form>
      <div className="alt">
        <p>
          <a href="/">Voltar ao site sem sair</a>
        </p>
      </div>
    </Layout>,
  );
}
