/** The profile page (signed in only). Filled in by the enrolment and profile issue (#5). */
export function ProfilePage() {
  return (
    <div className="page">
      <h1>Perfil</h1>
    </div>
  );
}
