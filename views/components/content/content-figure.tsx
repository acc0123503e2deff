interface ContentFigureProps {
  src: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

/** A lazily loaded illustration with its caption (below the fold on every content page). */
export function ContentFigure({ src, alt, caption, width, height }: ContentFigureProps) {
  return (
    <figure className="content-figure">
      <img src={src} alt={alt} width={width} height={height} loading="lazy" decoding="async" />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
