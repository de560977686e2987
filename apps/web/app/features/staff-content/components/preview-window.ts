/**
 * 'Pré-visualizar' (decisions 064, 068): the page, rendered by the server with a draft or an
 * earlier version and published nowhere, written into a new tab. The tab is opened at the click,
 * while the browser still allows it, and filled when the page arrives.
 */
import { staffMessages } from '~/lib/staff/copy';
import { failureMessage } from '~/lib/staff/messages';

/** Opens the preview; resolves to the problem to show, or null. */
export async function openPreview(
  render: () => Promise<string>,
  what: string,
): Promise<string | null> {
  const view = window.open('', '_blank');
  if (!view) return 'O navegador bloqueou a nova aba da pré-visualização.';
  try {
    const html = await render();
    view.document.open();
    view.document.write(html);
    view.document.close();
    return null;
  } catch (error) {
    view.close();
    return failureMessage(what, error, staffMessages.saveFailed);
  }
}
