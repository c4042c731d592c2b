// The card list of an example section's index page.
export interface Card {
  title: string;
  description: string;
  href: string;
}

export function Cards({ cards }: { cards: Card[] }) {
  return (
    <section className="cards" aria-label="Pages in this section">
      {cards.map((c) => (
        <a key={c.href} className="card" href={c.href}>
          <h2 className="card__title">{c.title}</h2>
          <p className="card__description">{c.description}</p>
        </a>
      ))}
    </section>
  );
}
