/** The steps of the door's how-to (door-help.tsx), loaded when it is opened. */
export default function DoorSteps() {
  return (
    <ol>
      <li>
        Antes do encontro, ainda com internet, abra esta aba no celular: a lista da turma fica
        guardada no aparelho.
      </li>
      <li>
        Toque em <strong>Ler QR code</strong> e aponte a câmera para o código da pessoa: na tela do
        celular dela (em &quot;Minhas inscrições&quot; ou no e-mail de confirmação) ou impresso. Na
        primeira vez, permita o uso da câmera.
      </li>
      <li>
        Veja e ouça o resultado: <strong>verde</strong> e um bipe agudo, presente;{' '}
        <strong>azul</strong> e dois bipes, já estava marcado; <strong>vermelho</strong> e um som
        grave, a inscrição é de outra turma ou o código não é de nenhuma inscrição. Nesses casos,
        encaminhe a pessoa à secretaria.
      </li>
      <li>
        Sem o código? Em <strong>Buscar pelo nome</strong>, digite parte do nome e toque no nome da
        pessoa.
      </li>
      <li>
        Sem internet, continue marcando: cada marcação fica guardada no aparelho como &quot;a
        enviar&quot; e é enviada sozinha quando a conexão voltar, mesmo depois de fechar a aba. Sem
        conexão, só os códigos desta turma são reconhecidos.
      </li>
      <li>
        Não é preciso tocar em <strong>Salvar presença</strong>: cada marcação é enviada na hora.
        Antes de ir embora, abra esta aba com internet e confira que nada ficou &quot;a
        enviar&quot;.
      </li>
      <li>
        Dois voluntários podem marcar o mesmo encontro ao mesmo tempo: vale a última marcação feita,
        e ninguém é contado duas vezes.
      </li>
    </ol>
  );
}
