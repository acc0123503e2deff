import { useLang, useT } from '../../app-context';
import type { Lang } from '../../../models/shared/rules';
import { FilteredGallery, type CategorizedImage } from './filtered-gallery';
import { ImageGallery } from './image-gallery';
import { LazyVideo, PLACEHOLDER_VIDEO_ID } from './lazy-video';

// Fixed photo sets shown with particular articles on /news/{slug}, chosen by title. The artwork is
// a small set of illustrations, so several photos reuse one picture: the alt text describes what
// the picture shows, the caption says what it stands for.

type Text = { en: string; de: string };
type Picture = keyof typeof PICTURES;

const PICTURES = {
  'solar-panels-roof': {
    en: 'Illustration: the Tariro Nook building with solar panels on the roof and a ground-mounted array beside it',
    de: 'Illustration: das Gebäude des Tariro Nook mit Solarmodulen auf dem Dach und einem Modulfeld daneben',
  },
  'solar-evening-study': {
    en: 'Illustration: the Tariro Nook at night, its windows lit by solar power',
    de: 'Illustration: das Tariro Nook bei Nacht, die Fenster mit Solarstrom beleuchtet',
  },
  'solar-battery-room': {
    en: 'Illustration: four battery cabinets wired to an inverter display that shows 98 percent',
    de: 'Illustration: vier Batterieschränke, verbunden mit einer Wechselrichteranzeige, die 98 Prozent anzeigt',
  },
  'solar-stand-finished': {
    en: 'Illustration: a ground-mounted solar array on a steel stand next to a water tank',
    de: 'Illustration: eine Solaranlage auf einem Stahlgestell neben einem Wassertank',
  },
  'solar-stand-frame': {
    en: 'Illustration: learners standing beside the empty steel frame of the solar stand',
    de: 'Illustration: Lernende neben dem leeren Stahlgestell des Solarständers',
  },
  'workshop-welding': {
    en: 'Illustration: two learners in welding masks working at a bench while sparks fly',
    de: 'Illustration: zwei Lernende mit Schweissmasken an einer Werkbank, Funken sprühen',
  },
  'workshop-sewing': {
    en: 'Illustration: two learners working at sewing machines in the tailoring workshop',
    de: 'Illustration: zwei Lernende an Nähmaschinen in der Schneiderwerkstatt',
  },
  'bakery-oven': {
    en: 'Illustration: a baker beside a brick oven with a tray of fresh loaves',
    de: 'Illustration: ein Bäcker neben einem gemauerten Ofen mit einem Blech frischer Brote',
  },
  'hostel-rooms': {
    en: 'Illustration: the long brick hostel building with learners and a stack of bricks in front',
    de: 'Illustration: das lange Backsteingebäude des Wohnheims mit Lernenden und einem Stapel Ziegel davor',
  },
  'water-point': {
    en: 'Illustration: a hand pump and a water tank where a woman fills yellow containers',
    de: 'Illustration: eine Handpumpe und ein Wassertank, an dem eine Frau gelbe Kanister füllt',
  },
  'mural-wall': {
    en: 'Illustration: a mural of village huts under the sun with a river, flowers planted in front',
    de: 'Illustration: ein Wandbild mit Dorfhütten unter der Sonne und einem Fluss, davor Blumen',
  },
  'recycling-bins': {
    en: 'Illustration: four coloured recycling bins in front of a painted village landscape',
    de: 'Illustration: vier farbige Recyclingbehälter vor einer gemalten Dorflandschaft',
  },
  'garden-beds': {
    en: 'Illustration: rows of vegetable beds with a gardener and a watering can',
    de: 'Illustration: Reihen von Gemüsebeeten mit einem Gärtner und einer Giesskanne',
  },
  'garden-harvest': {
    en: 'Illustration: baskets full of tomatoes, leafy greens and aubergines from the garden',
    de: 'Illustration: Körbe voller Tomaten, Blattgemüse und Auberginen aus dem Garten',
  },
} satisfies Record<string, Text>;

export interface Photo {
  picture: Picture;
  caption: Text;
  category?: string;
}

const photo = (picture: Picture, en: string, de: string, category?: string): Photo => ({ picture, caption: { en, de }, category });

export const SOLAR_CATEGORIES = ['installation', 'storage', 'impact', 'team'] as const;

/** Solar infrastructure: 18 photos in four categories. */
export const SOLAR_PHOTOS: Photo[] = [
  photo('solar-panels-roof', 'Twenty-four panels on the north-facing workshop roof', 'Vierundzwanzig Module auf dem nach Norden ausgerichteten Werkstattdach', 'installation'),
  photo('solar-panels-roof', 'The roof array seen from the courtyard', 'Das Dachfeld vom Innenhof aus gesehen', 'installation'),
  photo('solar-stand-frame', 'Mounting rails checked before the panels went up', 'Die Montageschienen wurden vor dem Aufsetzen der Module geprüft', 'installation'),
  photo('solar-stand-finished', 'The ground array beside the water tank', 'Das Bodenfeld neben dem Wassertank', 'installation'),
  photo('solar-panels-roof', 'Cables run from the roof to the battery room', 'Die Kabel führen vom Dach in den Batterieraum', 'installation'),
  photo('solar-battery-room', 'The locked, ventilated battery room behind the office', 'Der abschliessbare, belüftete Batterieraum hinter dem Büro', 'storage'),
  photo('solar-battery-room', 'The inverter display: batteries at 98 percent', 'Die Anzeige des Wechselrichters: Batterien bei 98 Prozent', 'storage'),
  photo('solar-battery-room', 'The lithium battery bank stores the midday sun', 'Die Lithium-Batteriebank speichert die Mittagssonne', 'storage'),
  photo('solar-battery-room', 'The morning battery check by the electrical learners', 'Die morgendliche Batteriekontrolle durch die Lernenden aus dem Elektrokurs', 'storage'),
  photo('solar-evening-study', 'Lights on after sunset', 'Licht nach Sonnenuntergang', 'impact'),
  photo('solar-evening-study', 'The evening study hall stays open until nine', 'Der abendliche Lernsaal ist bis neun Uhr offen', 'impact'),
  photo('workshop-sewing', 'The sewing machines keep running when the grid fails', 'Die Nähmaschinen laufen weiter, wenn das Netz ausfällt', 'impact'),
  photo('bakery-oven', 'The bakery can run its oven fan all afternoon', 'Die Bäckerei kann ihren Ofenventilator den ganzen Nachmittag betreiben', 'impact'),
  photo('hostel-rooms', 'The hostel rooms are wired for LED lights', 'Die Zimmer des Wohnheims sind für LED-Leuchten verkabelt', 'impact'),
  photo('workshop-welding', 'Learners made the brackets in the metal workshop', 'Die Lernenden fertigten die Halterungen in der Metallwerkstatt', 'team'),
  photo('solar-stand-frame', 'Two electrical learners worked with the installer for four weeks', 'Zwei Lernende aus dem Elektrokurs arbeiteten vier Wochen mit dem Installateur', 'team'),
  photo('solar-panels-roof', 'Handover day at the Tariro Nook', 'Übergabetag im Tariro Nook', 'team'),
  photo('solar-evening-study', 'The Nook at night, seen from the road', 'Das Nook bei Nacht, von der Strasse aus gesehen', 'team'),
];

/** Solar stand installation: 14 photos. */
export const SOLAR_STAND_PHOTOS: Photo[] = [
  photo('workshop-welding', 'Cutting and welding the frame sections', 'Zuschneiden und Schweissen der Gestellteile'),
  photo('workshop-welding', 'Grinding the seams smooth', 'Die Nähte werden glatt geschliffen'),
  photo('solar-stand-frame', 'Six concrete footings poured by the construction learners', 'Sechs Betonfundamente, gegossen von den Lernenden aus dem Baukurs'),
  photo('solar-stand-frame', 'The frame bolted onto its footings', 'Das Gestell ist auf den Fundamenten verschraubt'),
  photo('solar-stand-frame', 'Checking the 20-degree tilt towards the north', 'Kontrolle der Neigung von 20 Grad nach Norden'),
  photo('solar-stand-finished', 'Twelve panels mounted by the certified installer', 'Zwölf Module, montiert vom zertifizierten Installateur'),
  photo('solar-stand-finished', 'The finished stand beside the water tank', 'Der fertige Ständer neben dem Wassertank'),
  photo('water-point', 'The pump now runs on solar power', 'Die Pumpe läuft jetzt mit Solarstrom'),
  photo('water-point', 'Water for the gardens and the kitchen', 'Wasser für die Gärten und die Küche'),
  photo('hostel-rooms', 'The hostel whose lights the stand powers', 'Das Wohnheim, dessen Beleuchtung der Ständer versorgt'),
  photo('solar-evening-study', 'Corridor lights that stay on at night', 'Gangbeleuchtung, die auch nachts brennt'),
  photo('solar-battery-room', 'A separate battery for the hostel', 'Eine eigene Batterie für das Wohnheim'),
  photo('garden-beds', 'Garden beds watered from the solar-filled tank', 'Gartenbeete, bewässert aus dem solar gefüllten Tank'),
  photo('workshop-welding', 'The welding class and its first real commission', 'Die Schweissklasse und ihr erster echter Auftrag'),
];

export const SKILLS_PHOTOS: Photo[] = [
  photo('workshop-welding', 'Metalwork: the welding class at the bench', 'Metallbearbeitung: die Schweissklasse an der Werkbank'),
  photo('workshop-sewing', 'Tailoring: school uniforms for the villages', 'Schneiderei: Schuluniformen für die Dörfer'),
  photo('bakery-oven', 'Baking: the learners’ bakery supplies two shops', 'Bäckerei: Die Bäckerei der Lernenden beliefert zwei Läden'),
  photo('hostel-rooms', 'Construction: learners help build the hostel', 'Bau: Lernende helfen beim Bau des Wohnheims'),
  photo('garden-beds', 'Agriculture: the centre’s own vegetable beds', 'Landwirtschaft: die eigenen Gemüsebeete des Zentrums'),
  photo('mural-wall', 'Creative arts: the mural of the 17 villages', 'Gestalten: das Wandbild der 17 Dörfer'),
];

export const BEAUTIFICATION_PHOTOS: Photo[] = [
  photo('recycling-bins', 'The sorting station at the gate', 'Die Sammelstelle am Tor'),
  photo('mural-wall', 'The mural of the 17 villages on the workshop wall', 'Das Wandbild der 17 Dörfer an der Werkstattwand'),
  photo('garden-beds', 'Compost from the kitchen feeds the vegetable beds', 'Kompost aus der Küche düngt die Gemüsebeete'),
  photo('garden-harvest', 'Vegetables grown with the centre’s own compost', 'Gemüse, gezogen mit dem eigenen Kompost des Zentrums'),
  photo('recycling-bins', 'Four drums for plastic, metal, glass and organic waste', 'Vier Fässer für Plastik, Metall, Glas und organische Abfälle'),
  photo('mural-wall', 'Flowers planted along the paths', 'Blumen entlang der Wege'),
];

export function toGalleryImages(photos: Photo[], lang: Lang): CategorizedImage[] {
  return photos.map((p) => ({
    src: `/images/gallery/${p.picture}.svg`,
    alt: PICTURES[p.picture][lang],
    caption: p.caption[lang],
    category: p.category ?? 'all',
  }));
}

export type ArticleExtraKind = 'solar' | 'solarStand' | 'skills' | 'beautification';

/** Which fixed extra an article gets, by its (English) title (docs/behaviour.md §2 "News"). */
export function articleExtraKind(title: string): ArticleExtraKind | null {
  if (title.includes('Solar Infrastructure')) return 'solar';
  if (title.includes('Solar Stand')) return 'solarStand';
  if (title.includes('Skills Training')) return 'skills';
  if (title.includes('Beautification and Recycling')) return 'beautification';
  return null;
}

/** The photo gallery of the article's own images is shown for every article but this one. */
export const showsPhotoGallery = (title: string) => !title.includes('Beautification and Recycling');

function ExtraSection({ kind, children }: { kind: ArticleExtraKind; children: React.ReactNode }) {
  const t = useT();
  return (
    <section className="article-extra" aria-labelledby={`extra-${kind}`}>
      <h2 id={`extra-${kind}`}>{t(`article.extras.${kind}.title`)}</h2>
      <p className="muted">{t(`article.extras.${kind}.text`)}</p>
      {children}
    </section>
  );
}

export function ArticleExtras({ kind }: { kind: ArticleExtraKind }) {
  const t = useT();
  const lang = useLang();
  switch (kind) {
    case 'solar':
      return (
        <ExtraSection kind={kind}>
          <LazyVideo videoId={PLACEHOLDER_VIDEO_ID} title={t('article.extras.solar.videoTitle')} poster="/images/news/solar-infrastructure-brings-light-to-the-tariro-nook.svg" />
          <FilteredGallery items={toGalleryImages(SOLAR_PHOTOS, lang)} categories={SOLAR_CATEGORIES} labelKey="article.extras.solar.categories" />
        </ExtraSection>
      );
    case 'solarStand':
      return (
        <ExtraSection kind={kind}>
          <ImageGallery items={toGalleryImages(SOLAR_STAND_PHOTOS, lang)} />
        </ExtraSection>
      );
    case 'skills':
      return (
        <ExtraSection kind={kind}>
          <ImageGallery items={toGalleryImages(SKILLS_PHOTOS, lang)} />
        </ExtraSection>
      );
    case 'beautification':
      return (
        <ExtraSection kind={kind}>
          <LazyVideo videoId={PLACEHOLDER_VIDEO_ID} title={t('article.extras.beautification.videoTitle')} poster="/images/news/beautification-and-recycling-at-the-tariro-nook.svg" />
          <ImageGallery items={toGalleryImages(BEAUTIFICATION_PHOTOS, lang)} />
        </ExtraSection>
      );
  }
}
