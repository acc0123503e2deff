// Placeholder until this page is built (see the issue for every public page).
export default function Page() {
  return <section className="section page-top"><div className="container"><h1>health</h1></div></section>;
}
