export const MAIN_CONTENT_ID = 'conteudo';

export function SkipLink() {
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Pular para o conteúdo
    </a>
  );
}
