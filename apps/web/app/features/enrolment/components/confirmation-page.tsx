/** The enrolment confirmation page (signed in only). Filled in by the enrolment issue (#5). */
export function ConfirmationPage() {
  return (
    <div className="page">
      <h1>Inscrição Confirmada!</h1>
    </div>
  );
}
