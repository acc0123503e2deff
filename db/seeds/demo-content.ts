import type { Knex } from 'knex';

// Demo content for a fresh installation: projects, news, team and page texts in
// English and (Swiss standard) German. Every person, village name and partner
// mentioned here is fictional. Images live under public/images and are original
// illustrations, so alt texts describe them as illustrations.
//
// The seed is non-destructive and can be run more than once: rows whose slug or
// page name already exists are left alone, and team members are only added to an
// empty team table. Keys are camelCase; the connection maps them to snake_case.

const ORG = 'Kuvaka Community Trust';

type ProjectStatus = 'funding' | 'progress' | 'completed';

interface ProjectSeed {
  slug: string;
  title: string;
  titleDe: string;
  description: string;
  descriptionDe: string;
  imageUrl: string;
  status: ProjectStatus;
  raisedCents: number;
  goalCents: number;
  startDate: string;
  displayOrder: number;
}

interface NewsSeed {
  slug: string;
  title: string;
  titleDe: string;
  abstract: string;
  abstractDe: string | null;
  content: string;
  contentDe: string;
  excerpt: string | null;
  imageUrl: string;
  publishedAt: string;
  projectSlug: string | null;
}

interface TeamSeed {
  name: string;
  position: string;
  positionDe: string;
  bio: string;
  bioDe: string;
  imageUrl: string;
  location: string;
  displayOrder: number;
}

interface PageSeed {
  pageName: string;
  title: string;
  titleDe: string;
  content: string;
  contentDe: string;
  metaDescription: string;
  metaDescriptionDe: string;
}

/** Whole US dollars to integer cents. */
const usd = (dollars: number): number => Math.round(dollars * 100);

const projectImage = (slug: string): string => `/images/projects/${slug}.svg`;
const newsImage = (slug: string): string => `/images/news/${slug}.svg`;

// ---------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------

export const demoProjects: ProjectSeed[] = [
  {
    slug: 'nook-vocational-training-center',
    title: 'Tariro Nook Vocational Training Center',
    titleDe: 'Berufsbildungszentrum Tariro Nook',
    description:
      'The Tariro Nook opened in 2022 as a learning centre for young people from the 17 villages of Mwenezi Ward 3. This project completes its vocational wing: equipped workshops for carpentry, welding, tailoring and baking, and a hostel for 50 residents, so that learners from distant villages no longer walk for hours every day. Learners aged 16-25 help with the building work as part of their training.',
    descriptionDe:
      'Das Tariro Nook wurde 2022 als Lernzentrum für junge Menschen aus den 17 Dörfern von Mwenezi Ward 3 eröffnet. Dieses Projekt stellt den Berufsbildungsflügel fertig: ausgestattete Werkstätten für Schreinerei, Schweissen, Schneiderei und Bäckerei sowie ein Wohnheim für 50 Bewohnerinnen und Bewohner, damit Lernende aus entfernten Dörfern nicht mehr täglich stundenlang zu Fuss gehen. Die 16- bis 25-Jährigen helfen im Rahmen ihrer Ausbildung selbst beim Bau mit.',
    imageUrl: projectImage('nook-vocational-training-center'),
    status: 'progress',
    raisedCents: usd(58740),
    goalCents: usd(96000),
    startDate: '2024-03-01',
    displayOrder: 1,
  },
  {
    slug: 'skills-for-life-youth-programme',
    title: 'Skills for Life: Youth Vocational Programme',
    titleDe: 'Skills for Life: Berufsbildungsprogramm für Jugendliche',
    description:
      'Skills for Life gives young people aged 16-25 six months of intensive vocational training at the Tariro Nook. It starts with a 5-day needs assessment, ends with a 4-day entrepreneurship course and includes psychosocial support throughout. Each cohort has room for 120 learners. The budget of 106,660 USD covers materials (35,000), accommodation (28,000), trainer salaries (25,000), psychosocial care (12,000) and administration (6,660).',
    descriptionDe:
      'Skills for Life bietet jungen Menschen zwischen 16 und 25 Jahren eine sechsmonatige, intensive Berufsbildung im Tariro Nook. Am Anfang steht eine fünftägige Bedarfsabklärung, am Schluss ein viertägiger Unternehmerkurs, dazwischen durchgehend psychosoziale Begleitung. Pro Durchgang gibt es Platz für 120 Lernende. Das Budget von 106\'660 USD umfasst Material (35\'000), Unterkunft (28\'000), Löhne der Ausbildenden (25\'000), psychosoziale Betreuung (12\'000) und Administration (6\'660).',
    imageUrl: projectImage('skills-for-life-youth-programme'),
    status: 'funding',
    raisedCents: usd(24180),
    goalCents: usd(106660),
    startDate: '2027-02-01',
    displayOrder: 2,
  },
  {
    slug: 'mission-hospital-medical-transport',
    title: 'Medical Transport for the Mission Hospital',
    titleDe: 'Krankentransport für das Missionsspital',
    description:
      'Some of our villages lie more than 40 kilometres from the mission hospital, on sand roads that become rivers in the rainy season. The hospital\'s only vehicle is over twenty years old. We are raising funds for a reliable used four-wheel-drive vehicle converted for patient transport, plus fuel and maintenance for its first two years, so that mothers in labour and seriously ill patients reach care in time.',
    descriptionDe:
      'Einige unserer Dörfer liegen über 40 Kilometer vom Missionsspital entfernt, an Sandpisten, die sich in der Regenzeit in Bäche verwandeln. Das einzige Fahrzeug des Spitals ist über zwanzig Jahre alt. Wir sammeln für ein zuverlässiges Occasions-Allradfahrzeug, das für Patiententransporte umgebaut wird, sowie für Treibstoff und Unterhalt in den ersten zwei Jahren, damit Gebärende und schwer kranke Menschen rechtzeitig Hilfe erhalten.',
    imageUrl: projectImage('mission-hospital-medical-transport'),
    status: 'funding',
    raisedCents: usd(11240),
    goalCents: usd(38000),
    startDate: '2026-03-01',
    displayOrder: 3,
  },
  {
    slug: 'permaculture-food-gardens',
    title: 'Permaculture Gardens for Food Security',
    titleDe: 'Permakulturgärten für Ernährungssicherheit',
    description:
      'Each year we help at least four village groups to establish a permaculture garden of about half a hectare: fencing, a shared water point, drip lines, seeds and six months of training with our permaculture trainer. The gardens are 100% organic and use mulch, compost and swales to keep water in the soil. One garden costs about 3,500 USD and feeds around 30 households while surplus vegetables are sold at the local market.',
    descriptionDe:
      'Jedes Jahr unterstützen wir mindestens vier Dorfgruppen beim Aufbau eines Permakulturgartens von rund einer halben Hektare: Zaun, gemeinsame Wasserstelle, Tropfbewässerung, Saatgut und sechs Monate Schulung durch unseren Permakultur-Trainer. Die Gärten sind zu 100 % biologisch und halten das Wasser mit Mulch, Kompost und Versickerungsgräben im Boden. Ein Garten kostet rund 3\'500 USD und ernährt etwa 30 Haushalte; Überschüsse werden auf dem lokalen Markt verkauft.',
    imageUrl: projectImage('permaculture-food-gardens'),
    status: 'progress',
    raisedCents: usd(8750),
    goalCents: usd(14000),
    startDate: '2025-08-01',
    displayOrder: 4,
  },
  {
    slug: 'village-borehole-water-point',
    title: 'Borehole and Water Point for the Southern Villages',
    titleDe: 'Bohrloch und Wasserstelle für die südlichen Dörfer',
    description:
      'In the dry season, women and children in three of our southern villages walk up to three kilometres to fetch water from a shallow well that is often contaminated. After a first site proved too dry in 2024, a new survey has identified a better location. The project covers drilling, a hand pump, a concrete apron, a cattle trough kept well away from the pump and training for a village committee that will look after maintenance.',
    descriptionDe:
      'In der Trockenzeit gehen Frauen und Kinder in drei unserer südlichen Dörfer bis zu drei Kilometer weit, um Wasser aus einem seichten, oft verschmutzten Brunnen zu holen. Nachdem sich ein erster Standort 2024 als zu trocken erwies, hat eine neue Untersuchung einen besseren Ort gefunden. Das Projekt umfasst die Bohrung, eine Handpumpe, eine Betonplatte, eine Viehtränke in sicherem Abstand zur Pumpe und die Schulung eines Dorfkomitees für den Unterhalt.',
    imageUrl: projectImage('village-borehole-water-point'),
    status: 'funding',
    raisedCents: usd(4620),
    goalCents: usd(18500),
    startDate: '2026-06-01',
    displayOrder: 5,
  },
  {
    slug: 'hospital-essential-medicines',
    title: 'Essential Medicines for the Mission Hospital',
    titleDe: 'Unentbehrliche Medikamente für das Missionsspital',
    description:
      'When the public supply runs short, patients at the mission hospital are sent home with a prescription they cannot afford to fill. This fund buys essential medicines such as antibiotics, antimalarials, oral rehydration salts and blood-pressure tablets from a licensed wholesaler. Every order is agreed with the hospital pharmacist, delivered against a receipt and reported to our donors.',
    descriptionDe:
      'Wenn die staatliche Versorgung ausfällt, werden Patientinnen und Patienten des Missionsspitals mit einem Rezept nach Hause geschickt, das sie sich nicht leisten können. Dieser Fonds kauft unentbehrliche Medikamente wie Antibiotika, Malariamittel, Rehydrationssalze und Blutdrucktabletten bei einem zugelassenen Grosshändler. Jede Bestellung wird mit der Spitalapothekerin abgesprochen, gegen Quittung geliefert und unseren Spenderinnen und Spendern offengelegt.',
    imageUrl: projectImage('hospital-essential-medicines'),
    status: 'progress',
    raisedCents: usd(15960),
    goalCents: usd(24000),
    startDate: '2025-11-01',
    displayOrder: 6,
  },
  {
    slug: 'nook-solar-power',
    title: 'Solar Power for the Tariro Nook',
    titleDe: 'Solarstrom für das Tariro Nook',
    description:
      'Power cuts used to stop the computers and the sewing machines at the Tariro Nook several times a week. With this project we installed 24 solar panels on the workshop roof, a battery bank and an inverter, and rewired the classrooms. Learners now study after dark, the workshops run all day and the centre saves on diesel for the old generator. Two learners assisted the certified installer throughout.',
    descriptionDe:
      'Stromausfälle legten die Computer und Nähmaschinen im Tariro Nook früher mehrmals pro Woche lahm. Mit diesem Projekt haben wir 24 Solarmodule auf dem Werkstattdach, eine Batteriebank und einen Wechselrichter installiert und die Schulzimmer neu verkabelt. Die Lernenden können nun auch nach Einbruch der Dunkelheit lernen, die Werkstätten laufen den ganzen Tag, und das Zentrum spart Diesel für den alten Generator. Zwei Lernende halfen dem zertifizierten Installateur von Anfang an.',
    imageUrl: projectImage('nook-solar-power'),
    status: 'completed',
    raisedCents: usd(42500),
    goalCents: usd(42500),
    startDate: '2024-09-02',
    displayOrder: 7,
  },
  {
    slug: 'solar-stand-installation',
    title: 'Solar Stand for the Hostel and Water Pump',
    titleDe: 'Solarständer für Wohnheim und Wasserpumpe',
    description:
      'A second set of solar panels now stands on a steel frame next to the hostel site. The frame was cut, welded and painted by learners of the welding course under the supervision of their trainer, then bolted onto concrete footings and tilted north at about 20 degrees. It powers the hostel lighting and the small pump that fills the water tank, and it gave the welding class its first real commission.',
    descriptionDe:
      'Eine zweite Gruppe von Solarmodulen steht nun auf einem Stahlgestell neben dem Bauplatz des Wohnheims. Das Gestell wurde von Lernenden des Schweisskurses unter Anleitung ihres Ausbildners zugeschnitten, geschweisst und gestrichen, dann auf Betonfundamente geschraubt und mit rund 20 Grad nach Norden geneigt. Es versorgt die Beleuchtung des Wohnheims und die kleine Pumpe, die den Wassertank füllt, und war der erste echte Auftrag für die Schweissklasse.',
    imageUrl: projectImage('solar-stand-installation'),
    status: 'completed',
    raisedCents: usd(9800),
    goalCents: usd(9800),
    startDate: '2025-05-05',
    displayOrder: 8,
  },
  {
    slug: 'mission-hospital-staff-incentives',
    title: 'Incentives for Mission Hospital Nurses',
    titleDe: 'Zulagen für die Pflegenden des Missionsspitals',
    description:
      'Rural hospitals struggle to keep trained nurses, who can earn far more in town or abroad. A monthly incentive of 300 USD for six nurses at the mission hospital, paid for twelve months, helps the hospital keep its night shifts staffed and its maternity ward open. Payments are made through the hospital payroll, and the matron reports to us every quarter on staffing levels.',
    descriptionDe:
      'Ländliche Spitäler haben Mühe, ausgebildete Pflegefachleute zu halten, die in der Stadt oder im Ausland deutlich mehr verdienen. Eine monatliche Zulage von 300 USD für sechs Pflegende des Missionsspitals während zwölf Monaten hilft, die Nachtschichten zu besetzen und die Geburtenabteilung offen zu halten. Die Auszahlung läuft über die Lohnbuchhaltung des Spitals, und die Oberschwester berichtet uns vierteljährlich über die Personalsituation.',
    imageUrl: projectImage('mission-hospital-staff-incentives'),
    status: 'funding',
    raisedCents: usd(6480),
    goalCents: usd(21600),
    startDate: '2026-07-01',
    displayOrder: 9,
  },
  {
    slug: 'nook-beautification-recycling',
    title: 'Beautification and Recycling at the Tariro Nook',
    titleDe: 'Verschönerung und Recycling im Tariro Nook',
    description:
      'Plastic bags and bottles used to collect along the fence of the Tariro Nook. Learners and neighbours set up a sorting station with separate bins for plastic, metal, glass and organic waste, turned the organic part into compost for the gardens and built benches from bottles packed with plastic. Art learners painted a mural on the workshop wall, and shade trees and flowers now line the paths.',
    descriptionDe:
      'Früher sammelten sich Plastiksäcke und Flaschen entlang des Zauns des Tariro Nook. Lernende und Nachbarn richteten eine Sammelstelle mit getrennten Behältern für Plastik, Metall, Glas und organische Abfälle ein, verarbeiteten das Organische zu Kompost für die Gärten und bauten Bänke aus Flaschen, die mit Plastik gefüllt sind. Lernende aus dem Kunstkurs bemalten die Werkstattwand, und Schattenbäume und Blumen säumen nun die Wege.',
    imageUrl: projectImage('nook-beautification-recycling'),
    status: 'completed',
    raisedCents: usd(6200),
    goalCents: usd(6200),
    startDate: '2025-09-01',
    displayOrder: 10,
  },
];

// ---------------------------------------------------------------------------
// News
// ---------------------------------------------------------------------------

export const demoNews: NewsSeed[] = [
  {
    slug: 'annual-report-2024-published',
    title: 'Our 2024 Annual Report: A Year of Building Together',
    titleDe: 'Unser Jahresbericht 2024: Ein Jahr des gemeinsamen Aufbaus',
    abstract:
      'The 2024 annual report is out. It shows where every dollar went, including 276,428 USD invested in the Tariro Nook, and it is honest about what did not go to plan.',
    abstractDe:
      'Der Jahresbericht 2024 ist da. Er zeigt, wohin jeder Dollar geflossen ist, darunter 276\'428 USD für das Tariro Nook, und benennt offen, was nicht nach Plan lief.',
    content: `The 2024 annual report of the ${ORG} is now available. It covers our work with the 17 villages of Mwenezi Ward 3 from January to December 2024. Our local team in Zimbabwe and our volunteers in Lucerne put it together over several long video calls, and the Board of Trustees approved it in March.

![Illustration of an open report with a bar chart next to a small baobab tree](/images/news/annual-report-2024-published.svg)

## Where the money went

The largest item by far was the Tariro Nook, the learning centre that opened in 2022. In 2024 we invested 276,428 USD in it: workshop equipment, the first building phase of the hostel, preparation for the solar installation and the salaries of the trainers. The report breaks this down line by line, because we believe donors should be able to follow their money all the way to the village.

Healthcare was the second pillar. We supported the mission hospital with fuel and repairs for its vehicle, with monthly incentives for nursing staff and with essential medicines whenever the public supply ran short.

## What we learned

Not everything worked. A borehole we had hoped to drill in 2024 was postponed because the survey found too little water at the planned site. Two permaculture gardens struggled in the hot months before their drip lines were finished. We describe these setbacks in the report, together with what we changed as a result.

## Highlights of the year

More than 36 young people now learn regularly at the Tariro Nook. In the first cycle, 14 learner teams completed 12 projects, from a small bakery to a repair service for bicycles. New permaculture gardens were planted, all of them 100% organic, and patients from remote villages were driven to hospital week after week.

[Download the 2024 annual report (PDF)](/docs/annual-report-2024.pdf)

Thank you to everyone who gave, shared our news or simply asked how things are going. If you have questions about the figures, please write to us. Our treasurer answers every message personally.`,
    contentDe: `Der Jahresbericht 2024 des ${ORG} ist ab sofort verfügbar. Er umfasst unsere Arbeit mit den 17 Dörfern von Mwenezi Ward 3 von Januar bis Dezember 2024. Unser lokales Team in Simbabwe und unsere Freiwilligen in Luzern haben ihn in mehreren langen Videokonferenzen zusammengestellt, und der Stiftungsrat hat ihn im März genehmigt.

![Illustration eines aufgeschlagenen Berichts mit Balkendiagramm neben einem kleinen Baobab](/images/news/annual-report-2024-published.svg)

## Wohin das Geld floss

Der mit Abstand grösste Posten war das Tariro Nook, das 2022 eröffnete Lernzentrum. 2024 haben wir 276'428 USD darin investiert: Werkstattausrüstung, die erste Bauetappe des Wohnheims, die Vorbereitung der Solaranlage und die Löhne der Ausbildenden. Der Bericht schlüsselt dies Zeile für Zeile auf, denn wir finden, dass Spenderinnen und Spender ihr Geld bis ins Dorf verfolgen können sollen.

Die Gesundheitsversorgung war die zweite Säule. Wir unterstützten das Missionsspital mit Treibstoff und Reparaturen für sein Fahrzeug, mit monatlichen Zulagen für das Pflegepersonal und mit unentbehrlichen Medikamenten, wann immer die staatliche Versorgung knapp wurde.

## Was wir gelernt haben

Nicht alles hat funktioniert. Ein Bohrloch, das wir 2024 bohren wollten, mussten wir verschieben, weil die Untersuchung am geplanten Standort zu wenig Wasser fand. Zwei Permakulturgärten hatten in den heissen Monaten zu kämpfen, bevor ihre Tropfbewässerung fertig war. Auch diese Rückschläge beschreiben wir im Bericht, zusammen mit dem, was wir daraufhin geändert haben.

## Höhepunkte des Jahres

Mehr als 36 junge Menschen lernen inzwischen regelmässig im Tariro Nook. Im ersten Durchgang haben 14 Teams 12 Projekte abgeschlossen, von einer kleinen Bäckerei bis zu einem Reparaturdienst für Velos. Neue Permakulturgärten wurden angelegt, alle zu 100 % biologisch, und Woche für Woche wurden Patientinnen und Patienten aus abgelegenen Dörfern ins Spital gefahren.

[Jahresbericht 2024 herunterladen (PDF)](/docs/annual-report-2024.pdf)

Danke an alle, die gespendet, unsere Neuigkeiten geteilt oder einfach nachgefragt haben, wie es vorangeht. Wenn Sie Fragen zu den Zahlen haben, schreiben Sie uns. Unser Kassier beantwortet jede Nachricht persönlich.`,
    excerpt: 'Where every dollar went in 2024, and what we learned along the way.',
    imageUrl: newsImage('annual-report-2024-published'),
    publishedAt: '2025-03-18T09:00:00.000Z',
    projectSlug: null,
  },
  {
    slug: 'solar-infrastructure-brings-light-to-the-tariro-nook',
    title: 'Solar Infrastructure Brings Light to the Tariro Nook',
    titleDe: 'Solaranlage bringt Licht ins Tariro Nook',
    abstract:
      'Twenty-four panels, a battery bank and new wiring: the Tariro Nook now runs on sunshine. Learners can study after dark, and the computers no longer stop when the grid fails.',
    abstractDe:
      'Vierundzwanzig Module, eine Batteriebank und neue Leitungen: Das Tariro Nook läuft jetzt mit Sonnenenergie. Die Lernenden können abends lernen, und die Computer bleiben bei Netzausfällen nicht mehr stehen.',
    content: `For the first three years of the Tariro Nook, power was our most unreliable teacher. The grid connection failed several times a week, sometimes for whole days. When it did, the computer room went dark, the sewing machines stopped and the old diesel generator coughed into life, if there was diesel.

That has changed. Since April the centre runs on the sun.

## What was installed

On the north-facing roof of the workshop there are now 24 solar panels with a combined peak output of about 10.8 kilowatts. They feed an inverter and a bank of lithium batteries in a locked, ventilated room behind the office. The classrooms, the computer room and the workshops were rewired, and every room received efficient LED lights.

![Illustration of solar panels on the workshop roof of the learning centre under a bright sun](/images/gallery/solar-panels-roof.svg)

The work was done by a certified installer from the province. Two learners from the electrical course worked alongside him for the whole four weeks. They now check the battery readings every morning and know how to shut the system down safely.

## What changes for the learners

The most visible change comes after sunset. Learners who stay at the centre can now read and practise on the computers in the evening, and the room has become a quiet study hall until nine o'clock. The bakery can run its oven fan and mixer through the whole afternoon, and the tailoring class no longer loses half a day when the grid fails.

The centre also saves money. The generator is now kept for emergencies only, which frees up several hundred dollars a year that used to go on diesel.

:::gallery
![Illustration of the solar panels on the workshop roof](/images/gallery/solar-panels-roof.svg "Twenty-four panels on the workshop roof")
![Illustration of a battery bank and an inverter mounted on a wall](/images/gallery/solar-battery-room.svg "The battery room behind the office")
![Illustration of learners studying at night in a lit classroom](/images/gallery/solar-evening-study.svg "Evening study hall")
:::

## Thank you

The whole installation cost 42,500 USD, and it was fully funded by our donors and two partner foundations. Thank you for making the Nook a brighter place, quite literally.`,
    contentDe: `In den ersten drei Jahren des Tariro Nook war der Strom unser unzuverlässigster Lehrer. Der Netzanschluss fiel mehrmals pro Woche aus, manchmal tagelang. Dann wurde es im Computerraum dunkel, die Nähmaschinen standen still, und der alte Dieselgenerator sprang stotternd an, sofern Diesel vorhanden war.

Das hat sich geändert. Seit April läuft das Zentrum mit Sonnenenergie.

## Was installiert wurde

Auf dem nach Norden ausgerichteten Dach der Werkstatt liegen nun 24 Solarmodule mit einer Spitzenleistung von zusammen rund 10,8 Kilowatt. Sie speisen einen Wechselrichter und eine Lithium-Batteriebank in einem abschliessbaren, belüfteten Raum hinter dem Büro. Die Schulzimmer, der Computerraum und die Werkstätten wurden neu verkabelt, und jeder Raum erhielt sparsame LED-Leuchten.

![Illustration von Solarmodulen auf dem Werkstattdach des Lernzentrums unter strahlender Sonne](/images/gallery/solar-panels-roof.svg)

Die Arbeiten führte ein zertifizierter Installateur aus der Provinz aus. Zwei Lernende aus dem Elektrokurs arbeiteten während der ganzen vier Wochen an seiner Seite. Sie kontrollieren nun jeden Morgen die Batteriewerte und wissen, wie man die Anlage sicher abschaltet.

## Was sich für die Lernenden ändert

Die sichtbarste Veränderung zeigt sich nach Sonnenuntergang. Wer im Zentrum übernachtet, kann nun abends lesen und am Computer üben, und der Raum ist bis neun Uhr zu einem ruhigen Lernsaal geworden. Die Bäckerei kann ihren Ofenventilator und die Knetmaschine den ganzen Nachmittag betreiben, und die Schneiderklasse verliert keinen halben Tag mehr, wenn das Netz ausfällt.

Das Zentrum spart ausserdem Geld. Der Generator dient nur noch für Notfälle, womit jedes Jahr mehrere hundert Dollar frei werden, die früher für Diesel ausgegeben wurden.

:::gallery
![Illustration der Solarmodule auf dem Werkstattdach](/images/gallery/solar-panels-roof.svg "Vierundzwanzig Module auf dem Werkstattdach")
![Illustration einer Batteriebank und eines Wechselrichters an einer Wand](/images/gallery/solar-battery-room.svg "Der Batterieraum hinter dem Büro")
![Illustration von Lernenden, die abends in einem beleuchteten Schulzimmer lernen](/images/gallery/solar-evening-study.svg "Abendlicher Lernsaal")
:::

## Herzlichen Dank

Die gesamte Anlage kostete 42'500 USD und wurde vollständig von unseren Spenderinnen und Spendern sowie zwei Partnerstiftungen finanziert. Danke, dass Sie das Nook heller gemacht haben, im wahrsten Sinne des Wortes.`,
    excerpt: 'The Tariro Nook now runs on 24 solar panels and a battery bank.',
    imageUrl: newsImage('solar-infrastructure-brings-light-to-the-tariro-nook'),
    publishedAt: '2025-05-06T07:30:00.000Z',
    projectSlug: 'nook-solar-power',
  },
  {
    slug: 'solar-stand-installation-completed',
    title: 'Solar Stand Installation Completed by Our Welding Learners',
    titleDe: 'Installation des Solarständers: Unsere Schweisslernenden haben es geschafft',
    abstract:
      'Learners from the welding course cut, welded and painted a steel stand for twelve solar panels. It now powers the hostel lights and the water pump at the Tariro Nook.',
    abstractDe:
      'Lernende aus dem Schweisskurs haben ein Stahlgestell für zwölf Solarmodule zugeschnitten, geschweisst und gestrichen. Es versorgt nun die Beleuchtung des Wohnheims und die Wasserpumpe im Tariro Nook.',
    content: `When we planned a second solar installation for the hostel and the water pump, the quote for a ready-made mounting frame was high, and delivery would have taken months. Our welding trainer had a better idea: why not let the learners build it?

## From drawing to steel

The eight learners of the welding course started with a drawing on the workshop blackboard. Together with their trainer they calculated the lengths, ordered galvanised steel sections and cut every piece themselves. Over three weeks they welded the frame in four sections, ground the seams smooth and gave everything two coats of rust-proof paint.

![Illustration of a welded steel frame standing on concrete footings, ready for solar panels](/images/gallery/solar-stand-frame.svg)

Meanwhile the construction learners dug and poured six concrete footings. The frame was bolted onto them and set at an angle of about 20 degrees towards the north, which suits our latitude in the south of Zimbabwe. Then the certified installer from our first solar project came back to mount the twelve panels and connect them.

## What it powers

The new array feeds the lights of the hostel, which is still being built, and the small pump that fills the water tank for the gardens and the kitchen. During the day, surplus power charges a separate battery so that the hostel corridors stay lit at night.

:::gallery
![Illustration of learners welding sections of the steel frame in the workshop](/images/gallery/workshop-welding.svg "Welding the frame sections")
![Illustration of the steel frame on its footings before the panels were added](/images/gallery/solar-stand-frame.svg "The finished frame on its footings")
![Illustration of the completed solar stand with twelve panels next to a water tank](/images/gallery/solar-stand-finished.svg "Twelve panels, ready for the sun")
:::

## A first real commission

For the welding class this was more than an exercise. It was their first real job, with a deadline, a budget and a client who would use the result every day. Two of the learners have since been asked by neighbours to build gates and a frame for a water tank, and they now charge for their work. The project cost 9,800 USD in total, including panels, cabling and materials, and it is fully funded.`,
    contentDe: `Als wir eine zweite Solaranlage für das Wohnheim und die Wasserpumpe planten, war die Offerte für ein fertiges Montagegestell hoch, und die Lieferung hätte Monate gedauert. Unser Schweissausbildner hatte eine bessere Idee: Warum bauen es nicht die Lernenden selbst?

## Von der Zeichnung zum Stahl

Die acht Lernenden des Schweisskurses begannen mit einer Zeichnung auf der Wandtafel der Werkstatt. Zusammen mit ihrem Ausbildner berechneten sie die Längen, bestellten verzinkte Stahlprofile und schnitten jedes Teil selbst zu. In drei Wochen schweissten sie das Gestell in vier Teilen, schliffen die Nähte glatt und strichen alles zweimal mit Rostschutzfarbe.

![Illustration eines geschweissten Stahlgestells auf Betonfundamenten, bereit für Solarmodule](/images/gallery/solar-stand-frame.svg)

Unterdessen hoben die Lernenden aus dem Baukurs sechs Fundamente aus und gossen sie mit Beton. Das Gestell wurde darauf verschraubt und mit rund 20 Grad nach Norden geneigt, was unserer Breitenlage im Süden Simbabwes entspricht. Danach kam der zertifizierte Installateur unseres ersten Solarprojekts zurück, montierte die zwölf Module und schloss sie an.

## Was die Anlage versorgt

Die neue Anlage speist die Beleuchtung des Wohnheims, das noch im Bau ist, und die kleine Pumpe, die den Wassertank für die Gärten und die Küche füllt. Tagsüber lädt überschüssiger Strom eine separate Batterie, damit die Gänge des Wohnheims auch nachts beleuchtet sind.

:::gallery
![Illustration von Lernenden, die in der Werkstatt Teile des Stahlgestells schweissen](/images/gallery/workshop-welding.svg "Schweissen der Gestellteile")
![Illustration des Stahlgestells auf seinen Fundamenten, bevor die Module montiert wurden](/images/gallery/solar-stand-frame.svg "Das fertige Gestell auf seinen Fundamenten")
![Illustration des fertigen Solarständers mit zwölf Modulen neben einem Wassertank](/images/gallery/solar-stand-finished.svg "Zwölf Module, bereit für die Sonne")
:::

## Ein erster echter Auftrag

Für die Schweissklasse war das mehr als eine Übung. Es war ihr erster richtiger Auftrag, mit Termin, Budget und einer Kundschaft, die das Ergebnis jeden Tag benutzt. Zwei der Lernenden wurden seither von Nachbarn gebeten, Tore und ein Gestell für einen Wassertank zu bauen, und sie verlangen nun Geld für ihre Arbeit. Das Projekt kostete insgesamt 9'800 USD, inklusive Module, Kabel und Material, und ist vollständig finanziert.`,
    excerpt: 'Eight welding learners built the steel stand for our second solar array.',
    imageUrl: newsImage('solar-stand-installation-completed'),
    publishedAt: '2025-07-22T08:00:00.000Z',
    projectSlug: 'solar-stand-installation',
  },
  {
    slug: 'skills-training-first-cycle-lessons',
    title: 'Skills Training at the Nook: What Our First Cycle Taught Us',
    titleDe: 'Berufsbildung im Nook: Was uns der erste Durchgang gelehrt hat',
    abstract:
      'Fourteen teams, twelve completed projects and plenty of lessons. We look back at the first training cycle at the Tariro Nook and explain how it shapes the Skills for Life programme.',
    abstractDe:
      'Vierzehn Teams, zwölf abgeschlossene Projekte und viele Erkenntnisse. Wir blicken auf den ersten Ausbildungsdurchgang im Tariro Nook zurück und erklären, wie er das Programm Skills for Life prägt.',
    content: `The first training cycle at the Tariro Nook has ended, and it is time for an honest look back. Young people aged 16 to 25 from across the 17 villages joined in self-organised teams, each with a business idea and a trainer to guide them.

## The results

Fourteen teams started and twelve completed their projects. Among them are a bakery that now supplies two village shops, a tailoring team that sews school uniforms, a carpentry group that builds desks and beds, a small poultry business and a bicycle repair stand at the bus stop. Two teams stopped: one because its members found paid work in town, the other because the idea simply did not find customers. We count both as lessons rather than failures.

![Illustration of learners at sewing machines in the tailoring workshop](/images/gallery/workshop-sewing.svg)

## What we learned

First, the 5-day needs assessment at the start matters. Teams that took time to understand what their village actually needs did better than teams that started with a product. Second, the 4-day entrepreneurship training should come earlier, not only at the end, so that learners keep simple accounts from the first week. Third, many of our learners carry heavy loads from home: caring for siblings, grief, hunger. Without someone to talk to, even talented learners drop out.

## What comes next: Skills for Life

These lessons are built into Skills for Life, our six-month vocational programme. Each cohort will have room for 120 learners and include daily psychosocial support, a hostel place for those from distant villages and a small start-up kit after graduation. The programme budget is 106,660 USD: 35,000 for materials, 28,000 for accommodation, 25,000 for trainer salaries, 12,000 for psychosocial support and 6,660 for administration.

:::gallery
![Illustration of two learners welding in the metal workshop with sparks flying](/images/gallery/workshop-welding.svg "Metalwork class")
![Illustration of a brick oven with fresh loaves on a table](/images/gallery/bakery-oven.svg "The learners' bakery")
![Illustration of tailoring learners working at sewing machines](/images/gallery/workshop-sewing.svg "Sewing school uniforms")
:::

If you would like to help the next generation of learners, the Skills for Life project page shows how far we have come and what is still missing.`,
    contentDe: `Der erste Ausbildungsdurchgang im Tariro Nook ist abgeschlossen, und es ist Zeit für einen ehrlichen Rückblick. Junge Menschen zwischen 16 und 25 Jahren aus allen 17 Dörfern haben sich in selbst organisierten Teams zusammengefunden, jedes mit einer Geschäftsidee und einer Ausbildungsperson an seiner Seite.

## Die Ergebnisse

Vierzehn Teams sind gestartet, zwölf haben ihr Projekt abgeschlossen. Darunter sind eine Bäckerei, die heute zwei Dorfläden beliefert, ein Schneiderteam, das Schuluniformen näht, eine Schreinergruppe, die Pulte und Betten baut, ein kleiner Geflügelbetrieb und ein Velo-Reparaturstand an der Bushaltestelle. Zwei Teams haben aufgehört: eines, weil seine Mitglieder in der Stadt bezahlte Arbeit fanden, das andere, weil die Idee schlicht keine Kundschaft fand. Beides verbuchen wir als Lektion, nicht als Scheitern.

![Illustration von Lernenden an Nähmaschinen in der Schneiderwerkstatt](/images/gallery/workshop-sewing.svg)

## Was wir gelernt haben

Erstens ist die fünftägige Bedarfsabklärung zu Beginn entscheidend. Teams, die sich Zeit nahmen, um zu verstehen, was ihr Dorf wirklich braucht, waren erfolgreicher als Teams, die mit einem Produkt anfingen. Zweitens sollte der viertägige Unternehmerkurs früher stattfinden, nicht erst am Schluss, damit die Lernenden ab der ersten Woche eine einfache Buchhaltung führen. Drittens tragen viele unserer Lernenden schwere Lasten von zu Hause mit: die Betreuung von Geschwistern, Trauer, Hunger. Ohne eine Ansprechperson brechen selbst begabte Lernende ab.

## Wie es weitergeht: Skills for Life

Diese Erkenntnisse fliessen in Skills for Life ein, unser sechsmonatiges Berufsbildungsprogramm. Jeder Durchgang bietet Platz für 120 Lernende und umfasst tägliche psychosoziale Begleitung, einen Wohnheimplatz für alle aus entfernten Dörfern und ein kleines Starterpaket nach dem Abschluss. Das Programmbudget beträgt 106'660 USD: 35'000 für Material, 28'000 für Unterkunft, 25'000 für die Löhne der Ausbildenden, 12'000 für psychosoziale Begleitung und 6'660 für Administration.

:::gallery
![Illustration von zwei Lernenden beim Schweissen in der Metallwerkstatt mit sprühenden Funken](/images/gallery/workshop-welding.svg "Metallbearbeitung")
![Illustration eines gemauerten Ofens mit frischen Broten auf einem Tisch](/images/gallery/bakery-oven.svg "Die Bäckerei der Lernenden")
![Illustration von Lernenden der Schneiderei an Nähmaschinen](/images/gallery/workshop-sewing.svg "Schuluniformen nähen")
:::

Wenn Sie die nächste Generation von Lernenden unterstützen möchten, zeigt die Projektseite von Skills for Life, wie weit wir sind und was noch fehlt.`,
    excerpt: 'Fourteen teams, twelve projects and the lessons behind Skills for Life.',
    imageUrl: newsImage('skills-training-first-cycle-lessons'),
    publishedAt: '2025-10-09T08:00:00.000Z',
    projectSlug: 'skills-for-life-youth-programme',
  },
  {
    slug: 'beautification-and-recycling-at-the-tariro-nook',
    title: 'Beautification and Recycling: A New Face for the Tariro Nook',
    titleDe: 'Verschönerung und Recycling: Ein neues Gesicht für das Tariro Nook',
    abstract:
      'Sorted bins, compost for the gardens, benches made from bottles and a colourful mural: learners and neighbours have given the Tariro Nook a new face and a cleaner fence line.',
    abstractDe:
      'Getrennte Abfallbehälter, Kompost für die Gärten, Bänke aus Flaschen und ein farbiges Wandbild: Lernende und Nachbarn haben dem Tariro Nook ein neues Gesicht und einen sauberen Zaun gegeben.',
    content: `There is no waste collection in our part of Mwenezi. For years, plastic bags and bottles blew across the veld and caught along the fence of the Tariro Nook. Some of it was burnt, which is worse. In September the learners decided to do something about it.

## Sorting instead of burning

The first step was a sorting station at the gate, with four painted drums for plastic, metal, glass and organic waste. Every learner team took a week of duty to empty them and explain the system to visitors. Organic waste now goes into three compost bays behind the kitchen, and the compost feeds the centre's own vegetable beds and two village gardens nearby.

![Illustration of four colourful recycling bins in front of a painted wall](/images/gallery/recycling-bins.svg)

Metal and glass are collected by a dealer from town once a month. Plastic is harder, because nobody buys it. So the learners pack clean plastic tightly into bottles until they are as hard as bricks, and the construction class uses these bottle bricks, set in clay and cement, to build benches in the shade.

## Colour on the walls

The art learners took on the long grey wall of the workshop. After weeks of sketches they painted a mural showing the 17 villages as a chain of huts under one sun, with a river running through them. Children from the neighbouring primary school added their handprints along the bottom.

:::gallery
![Illustration of a long mural with a sun, huts and a river painted on a workshop wall](/images/gallery/mural-wall.svg "The new mural on the workshop wall")
![Illustration of colourful sorting bins with flowers beside them](/images/gallery/recycling-bins.svg "The sorting station at the gate")
:::

## Trees and flowers

Finally, 40 shade trees and rows of flowers were planted along the paths, each watered from the recycled grey water of the hand-washing station. The whole project cost 6,200 USD, mostly for paint, drums, tools and seedlings, and it is complete. The learners, however, say it never really ends: the bins need emptying every week.`,
    contentDe: `In unserem Teil von Mwenezi gibt es keine Kehrichtabfuhr. Jahrelang wehten Plastiksäcke und Flaschen über die Steppe und blieben am Zaun des Tariro Nook hängen. Manches wurde verbrannt, was noch schlimmer ist. Im September haben die Lernenden beschlossen, etwas dagegen zu tun.

## Trennen statt verbrennen

Der erste Schritt war eine Sammelstelle am Tor mit vier bemalten Fässern für Plastik, Metall, Glas und organische Abfälle. Jedes Lernteam übernahm eine Woche lang den Dienst, leerte die Fässer und erklärte Besucherinnen und Besuchern das System. Organische Abfälle landen nun in drei Kompostboxen hinter der Küche, und der Kompost düngt die eigenen Gemüsebeete des Zentrums und zwei Dorfgärten in der Nähe.

![Illustration von vier farbigen Recyclingbehältern vor einer bemalten Wand](/images/gallery/recycling-bins.svg)

Metall und Glas holt einmal im Monat ein Händler aus der Stadt ab. Plastik ist schwieriger, denn niemand kauft es. Deshalb stopfen die Lernenden sauberes Plastik so fest in Flaschen, bis diese hart wie Ziegel sind, und die Bauklasse verwendet diese Flaschenziegel, eingebettet in Lehm und Zement, für Bänke im Schatten.

## Farbe an den Wänden

Die Lernenden aus dem Kunstkurs nahmen sich die lange graue Wand der Werkstatt vor. Nach wochenlangen Skizzen malten sie ein Wandbild, das die 17 Dörfer als Kette von Hütten unter einer gemeinsamen Sonne zeigt, durchzogen von einem Fluss. Kinder der benachbarten Primarschule setzten ihre Handabdrücke entlang des unteren Randes.

:::gallery
![Illustration eines langen Wandbilds mit Sonne, Hütten und einem Fluss an einer Werkstattwand](/images/gallery/mural-wall.svg "Das neue Wandbild an der Werkstatt")
![Illustration farbiger Sammelbehälter mit Blumen daneben](/images/gallery/recycling-bins.svg "Die Sammelstelle am Tor")
:::

## Bäume und Blumen

Zum Schluss wurden entlang der Wege 40 Schattenbäume und Reihen von Blumen gepflanzt, die alle mit dem aufbereiteten Abwasser der Handwaschstation gegossen werden. Das ganze Projekt kostete 6'200 USD, vor allem für Farbe, Fässer, Werkzeug und Setzlinge, und ist abgeschlossen. Die Lernenden sagen allerdings, dass es nie wirklich zu Ende ist: Die Behälter müssen jede Woche geleert werden.`,
    excerpt: 'Sorting bins, compost, bottle-brick benches and a mural at the Nook.',
    imageUrl: newsImage('beautification-and-recycling-at-the-tariro-nook'),
    publishedAt: '2025-12-02T09:00:00.000Z',
    projectSlug: 'nook-beautification-recycling',
  },
  {
    slug: 'first-harvest-from-the-new-permaculture-gardens',
    title: 'First Harvest from the New Permaculture Gardens',
    titleDe: 'Erste Ernte aus den neuen Permakulturgärten',
    abstract:
      'Leafy greens, tomatoes, beans and sweet potatoes: the first two gardens of this season have been harvested, and around 60 households are eating vegetables they grew themselves.',
    abstractDe:
      'Blattgemüse, Tomaten, Bohnen und Süsskartoffeln: Die ersten beiden Gärten dieser Saison sind geerntet, und rund 60 Haushalte essen Gemüse, das sie selbst angebaut haben.',
    content: `Six months ago the two plots were bare, hard ground with a few thorn bushes. Today they are green. The first two of this season's four permaculture gardens have brought in their first harvest, and the garden groups invited us to a small celebration under the big baobab by the school.

## How the gardens were built

Each garden group chose its own plot and did the heavy work: clearing, fencing with wire and thorn branches, and digging swales along the contour lines so that rain soaks into the soil instead of running off. Our permaculture trainer spent two days a week with each group, teaching them to build compost heaps, to mulch every bed and to plant in mixed rows that protect each other from pests. Everything is 100% organic: no chemical fertiliser, no pesticides.

![Illustration of raised garden beds with rows of green vegetables and a water tank](/images/gallery/garden-beds.svg)

Water comes from a shared tank and simple drip lines, which use a fraction of the water of a bucket. In the hottest weeks the groups water early in the morning and late in the evening, when less is lost to the sun.

## What grows

The first harvest brought rape and covo greens, tomatoes, onions, beans and the first sweet potatoes. About 30 households share each garden. Families eat what they need, and the surplus goes to the market on Thursdays. One group has already opened a savings account with its earnings, to buy seeds for the next season without help.

:::gallery
![Illustration of garden beds with young vegetables and mulch between the rows](/images/gallery/garden-beds.svg "Mulched beds in the first garden")
![Illustration of baskets filled with tomatoes, greens and sweet potatoes](/images/gallery/garden-harvest.svg "The first harvest")
![Illustration of a water point with a tank and a tap used to fill watering cans](/images/gallery/water-point.svg "The shared water point")
:::

## Two more to come

Two further gardens are being fenced now and will be planted in March, while the soil still holds the rain. A full garden, including fencing, the water point, seeds, tools and training, costs about 3,500 USD. If you would like to give a village its own garden, the project page shows how much is still missing for this season.`,
    contentDe: `Vor sechs Monaten waren die beiden Parzellen kahler, harter Boden mit ein paar Dornbüschen. Heute sind sie grün. Die ersten zwei der vier Permakulturgärten dieser Saison haben ihre erste Ernte eingebracht, und die Gartengruppen luden uns zu einem kleinen Fest unter dem grossen Baobab bei der Schule ein.

## Wie die Gärten entstanden

Jede Gartengruppe wählte ihr eigenes Grundstück und übernahm die schwere Arbeit: roden, mit Draht und Dornenästen einzäunen und entlang der Höhenlinien Versickerungsgräben ausheben, damit der Regen in den Boden einsickert, statt abzufliessen. Unser Permakultur-Trainer verbrachte zwei Tage pro Woche mit jeder Gruppe und zeigte ihnen, wie man Komposthaufen anlegt, jedes Beet mulcht und in gemischten Reihen pflanzt, die sich gegenseitig vor Schädlingen schützen. Alles ist zu 100 % biologisch: kein Kunstdünger, keine Pestizide.

![Illustration von Hochbeeten mit Reihen von grünem Gemüse und einem Wassertank](/images/gallery/garden-beds.svg)

Das Wasser kommt aus einem gemeinsamen Tank und über einfache Tropfschläuche, die nur einen Bruchteil des Wassers eines Eimers brauchen. In den heissesten Wochen giessen die Gruppen früh am Morgen und spät am Abend, wenn weniger verdunstet.

## Was wächst

Die erste Ernte brachte Raps- und Covo-Blattgemüse, Tomaten, Zwiebeln, Bohnen und die ersten Süsskartoffeln. Rund 30 Haushalte teilen sich jeweils einen Garten. Die Familien essen, was sie brauchen, und der Überschuss geht am Donnerstag auf den Markt. Eine Gruppe hat mit ihren Einnahmen bereits ein Sparkonto eröffnet, um das Saatgut für die nächste Saison ohne Hilfe zu kaufen.

:::gallery
![Illustration von Gartenbeeten mit jungem Gemüse und Mulch zwischen den Reihen](/images/gallery/garden-beds.svg "Gemulchte Beete im ersten Garten")
![Illustration von Körben voller Tomaten, Blattgemüse und Süsskartoffeln](/images/gallery/garden-harvest.svg "Die erste Ernte")
![Illustration einer Wasserstelle mit Tank und Hahn zum Füllen von Giesskannen](/images/gallery/water-point.svg "Die gemeinsame Wasserstelle")
:::

## Zwei weitere folgen

Zwei weitere Gärten werden jetzt eingezäunt und im März bepflanzt, solange der Boden noch Regenwasser speichert. Ein ganzer Garten mit Zaun, Wasserstelle, Saatgut, Werkzeug und Schulung kostet rund 3'500 USD. Wenn Sie einem Dorf zu einem eigenen Garten verhelfen möchten, zeigt die Projektseite, wie viel für diese Saison noch fehlt.`,
    excerpt: 'The first two of this season\'s four gardens have been harvested.',
    imageUrl: newsImage('first-harvest-from-the-new-permaculture-gardens'),
    publishedAt: '2026-02-17T08:00:00.000Z',
    projectSlug: 'permaculture-food-gardens',
  },
  {
    slug: 'why-a-reliable-vehicle-saves-lives',
    title: 'Why a Reliable Vehicle Saves Lives: Our Medical Transport Appeal',
    titleDe: 'Warum ein zuverlässiges Fahrzeug Leben rettet: Unser Aufruf für den Krankentransport',
    abstract:
      'The mission hospital\'s only vehicle is more than twenty years old and breaks down in the rainy season. We explain what a replacement would change and how the 38,000 USD would be spent.',
    abstractDe:
      'Das einzige Fahrzeug des Missionsspitals ist über zwanzig Jahre alt und fällt in der Regenzeit immer wieder aus. Wir erklären, was ein Ersatz verändern würde und wofür die 38\'000 USD eingesetzt werden.',
    content: `Last February, a young mother in one of our furthest villages went into labour with complications. The village health worker called the mission hospital at once. But the hospital's only vehicle was stuck with a broken axle, and it took four hours to find a neighbour with a pickup. Mother and baby survived. Not every story ends like that.

## The distances

Some of the 17 villages lie more than 40 kilometres from the mission hospital. The roads are sand and gravel, and in the rainy season several river crossings become impassable for ordinary cars. There is no public ambulance service that reaches this far. For most families, the hospital's vehicle is the only way to get a seriously ill person to care.

![Illustration of a white four-wheel-drive patient vehicle on a sand road between acacia trees](/images/news/why-a-reliable-vehicle-saves-lives.svg)

The current vehicle was bought second-hand more than twenty years ago. Our donors have paid for fuel and repairs for several years, but the mechanic has told us honestly that it will not survive another rainy season.

## What we are raising money for

Our goal is 38,000 USD. About 30,000 USD will buy a reliable used four-wheel-drive vehicle, fitted with a stretcher, seats for a nurse and a relative, and basic emergency equipment. The remaining 8,000 USD covers fuel, insurance and servicing for the first two years. After that, the hospital will include the running costs in its own budget, as agreed with its management.

## How it will be used

The vehicle stays at the hospital and is driven by its own trained driver. It will serve emergency referrals, pregnant women close to their due date, and a monthly outreach clinic that brings vaccinations and check-ups to the most remote villages. A logbook records every trip, and we will publish a summary every six months.

## How you can help

Every contribution counts, and we will report here when the vehicle arrives. If you work for a company or foundation that might support the purchase as a whole, we would love to hear from you.`,
    contentDe: `Im vergangenen Februar setzten bei einer jungen Mutter in einem unserer entlegensten Dörfer Wehen mit Komplikationen ein. Die Dorfgesundheitshelferin rief sofort das Missionsspital an. Doch das einzige Fahrzeug des Spitals stand mit gebrochener Achse still, und es dauerte vier Stunden, bis ein Nachbar mit einem Pick-up gefunden war. Mutter und Kind haben überlebt. Nicht jede Geschichte geht so aus.

## Die Distanzen

Einige der 17 Dörfer liegen über 40 Kilometer vom Missionsspital entfernt. Die Strassen sind aus Sand und Schotter, und in der Regenzeit werden mehrere Flussübergänge für gewöhnliche Autos unpassierbar. Es gibt keinen öffentlichen Rettungsdienst, der so weit hinaus fährt. Für die meisten Familien ist das Fahrzeug des Spitals die einzige Möglichkeit, einen schwer kranken Menschen in Behandlung zu bringen.

![Illustration eines weissen Allrad-Patientenfahrzeugs auf einer Sandpiste zwischen Akazien](/images/news/why-a-reliable-vehicle-saves-lives.svg)

Das heutige Fahrzeug wurde vor über zwanzig Jahren aus zweiter Hand gekauft. Unsere Spenderinnen und Spender bezahlen seit mehreren Jahren Treibstoff und Reparaturen, doch der Mechaniker hat uns ehrlich gesagt, dass es eine weitere Regenzeit nicht überstehen wird.

## Wofür wir sammeln

Unser Ziel sind 38'000 USD. Mit rund 30'000 USD kaufen wir ein zuverlässiges Occasions-Allradfahrzeug, ausgerüstet mit einer Trage, Sitzen für eine Pflegefachperson und eine angehörige Person sowie einer einfachen Notfallausrüstung. Die übrigen 8'000 USD decken Treibstoff, Versicherung und Service der ersten zwei Jahre. Danach übernimmt das Spital die Betriebskosten in seinem eigenen Budget, wie mit der Spitalleitung vereinbart.

## Wie es eingesetzt wird

Das Fahrzeug bleibt beim Spital und wird von dessen ausgebildetem Fahrer gelenkt. Es dient für Notfallverlegungen, für Schwangere kurz vor dem Geburtstermin und für eine monatliche mobile Sprechstunde, die Impfungen und Kontrollen in die abgelegensten Dörfer bringt. Ein Fahrtenbuch hält jede Fahrt fest, und wir veröffentlichen alle sechs Monate eine Zusammenfassung.

## Wie Sie helfen können

Jeder Beitrag zählt, und wir berichten hier, sobald das Fahrzeug eingetroffen ist. Wenn Sie für ein Unternehmen oder eine Stiftung arbeiten, die den Kauf als Ganzes unterstützen könnte, freuen wir uns sehr über Ihre Nachricht.`,
    excerpt: 'What a replacement vehicle would change for the mission hospital.',
    imageUrl: newsImage('why-a-reliable-vehicle-saves-lives'),
    publishedAt: '2026-04-08T07:00:00.000Z',
    projectSlug: 'mission-hospital-medical-transport',
  },
  {
    // Deliberately without a German abstract: the public lists only show articles
    // that have both abstracts, so this one must stay hidden there.
    slug: 'water-survey-points-to-new-borehole-site',
    title: 'Water Survey Points to a New Borehole Site',
    titleDe: 'Wasseruntersuchung zeigt neuen Standort für das Bohrloch',
    abstract:
      'After the disappointment of 2024, a new hydrogeological survey has found a promising site for the borehole that three southern villages have been waiting for.',
    abstractDe: null,
    content: `In 2024 we had to tell three of our southern villages that their borehole would not be drilled as planned. The survey at the chosen site showed too little water to justify the cost, and drilling a dry hole would have wasted their hopes and our donors' money. It was a hard conversation.

## A second look

This May a hydrogeologist from the provincial capital spent three days walking the area with members of the village water committee. The elders knew where the old wells had held water longest in past droughts, and the survey with resistivity measurements confirmed one of these places. The new site lies about 600 metres from the nearest homestead, on slightly higher ground, and well away from latrines and cattle pens.

![Illustration of a hand pump on a concrete apron with women filling yellow water containers](/images/gallery/water-point.svg)

## Why it matters

In the dry season, women and children in these villages walk up to three kilometres each way to a shallow well. The water is shared with animals and often causes diarrhoea, especially in small children. A borehole with a hand pump would bring clean water within a few hundred metres of most homes.

## What the community contributes

The villages will provide sand, stones and labour for the concrete apron and the cattle trough, which will be built at a safe distance from the pump. A committee of six people, at least half of them women, will be trained to maintain the pump and to collect a small monthly fee for spare parts.

## Next steps

The drilling itself, the pump and the materials cost 18,500 USD. We hope to drill before the next dry season. We will report on the result, including if the water turns out to be less than the survey promises.`,
    contentDe: `2024 mussten wir drei unserer südlichen Dörfer informieren, dass ihr Bohrloch nicht wie geplant gebohrt wird. Die Untersuchung am gewählten Standort ergab zu wenig Wasser, um die Kosten zu rechtfertigen, und ein trockenes Bohrloch hätte ihre Hoffnungen und das Geld unserer Spenderinnen und Spender verschwendet. Es war ein schweres Gespräch.

## Ein zweiter Blick

Im Mai war ein Hydrogeologe aus der Provinzhauptstadt drei Tage lang mit Mitgliedern des dörflichen Wasserkomitees im Gelände unterwegs. Die Ältesten wussten, wo die alten Brunnen in früheren Dürren am längsten Wasser geführt hatten, und die Widerstandsmessungen bestätigten einen dieser Orte. Der neue Standort liegt rund 600 Meter vom nächsten Gehöft entfernt, etwas erhöht und in sicherem Abstand zu Latrinen und Viehgehegen.

![Illustration einer Handpumpe auf einer Betonplatte, an der Frauen gelbe Wasserkanister füllen](/images/gallery/water-point.svg)

## Warum es wichtig ist

In der Trockenzeit gehen Frauen und Kinder in diesen Dörfern bis zu drei Kilometer pro Weg zu einem seichten Brunnen. Das Wasser wird mit Tieren geteilt und verursacht oft Durchfall, besonders bei kleinen Kindern. Ein Bohrloch mit Handpumpe würde sauberes Wasser für die meisten Haushalte auf wenige hundert Meter heranbringen.

## Was die Gemeinschaft beiträgt

Die Dörfer stellen Sand, Steine und Arbeitskraft für die Betonplatte und die Viehtränke, die in sicherem Abstand zur Pumpe gebaut wird. Ein Komitee aus sechs Personen, mindestens zur Hälfte Frauen, wird geschult, die Pumpe zu warten und einen kleinen Monatsbeitrag für Ersatzteile einzuziehen.

## Nächste Schritte

Die Bohrung, die Pumpe und das Material kosten 18'500 USD. Wir hoffen, vor der nächsten Trockenzeit bohren zu können. Wir werden über das Ergebnis berichten, auch wenn das Wasser geringer ausfällt, als die Untersuchung verspricht.`,
    excerpt: null,
    imageUrl: newsImage('water-survey-points-to-new-borehole-site'),
    publishedAt: '2026-05-20T08:00:00.000Z',
    projectSlug: 'village-borehole-water-point',
  },
  {
    slug: 'a-summer-evening-in-lucerne-for-the-villages',
    title: 'A Summer Evening in Lucerne for the 17 Villages',
    titleDe: 'Ein Sommerabend in Luzern für die 17 Dörfer',
    abstract:
      'More than 120 guests, a Zimbabwean dinner cooked by volunteers and a live call to the Tariro Nook: our benefit evening by the lake raised 8,400 francs for the permaculture gardens.',
    abstractDe:
      'Über 120 Gäste, ein simbabwisches Abendessen von Freiwilligen und eine Live-Schaltung ins Tariro Nook: Unser Benefizabend am See brachte 8\'400 Franken für die Permakulturgärten.',
    content: `On the last Saturday of June, our Swiss support team invited friends, neighbours and donors to a summer evening in a borrowed hall near the lake in Lucerne. More than 120 people came, many of them for the first time.

![Illustration of Lake Lucerne with mountains, a small boat and a summer evening sky](/images/news/a-summer-evening-in-lucerne-for-the-villages.svg)

## Dinner from two continents

A group of volunteers, together with two Zimbabwean friends living in Switzerland, cooked for the whole afternoon. Guests were served sadza with a peanut-butter stew of greens, grilled chicken and a Swiss dessert of apricot tart. Several guests asked for the recipe of the greens, which are the same kind our garden groups grow at home.

## A call to the Nook

The high point of the evening was a video call to the Tariro Nook. It was already dark in Mwenezi, but thanks to the solar installation the study hall was lit. Three learners told the audience about their training in tailoring, baking and welding, and our programme coordinator answered questions about the gardens and the hostel. The connection dropped twice, which everyone took with good humour.

## What it raised

Tickets, the raffle and donations on the evening brought in 8,400 francs. As agreed with the guests beforehand, the full amount goes to the permaculture gardens. All costs of the evening, from the hall rent to the ingredients, were covered by volunteers and a local business, so not a single franc was spent on the event itself.

## Thank you

Thank you to everyone who cooked, carried tables, sold raffle tickets or simply came and listened. We have already been asked whether there will be another evening next summer. The answer is yes.`,
    contentDe: `Am letzten Samstag im Juni lud unser Schweizer Unterstützungsteam Freunde, Nachbarinnen und Spender zu einem Sommerabend in einen ausgeliehenen Saal in der Nähe des Sees in Luzern ein. Über 120 Personen kamen, viele davon zum ersten Mal.

![Illustration des Vierwaldstättersees mit Bergen, einem kleinen Boot und einem Sommerabendhimmel](/images/news/a-summer-evening-in-lucerne-for-the-villages.svg)

## Ein Essen von zwei Kontinenten

Eine Gruppe von Freiwilligen kochte zusammen mit zwei simbabwischen Freundinnen, die in der Schweiz leben, den ganzen Nachmittag. Serviert wurden Sadza mit Blattgemüse in Erdnussbuttersauce, grilliertes Poulet und als Schweizer Dessert eine Aprikosenwähe. Mehrere Gäste wollten das Rezept für das Blattgemüse, das dieselbe Sorte ist, die unsere Gartengruppen zu Hause anbauen.

## Eine Schaltung ins Nook

Höhepunkt des Abends war eine Videoschaltung ins Tariro Nook. In Mwenezi war es bereits dunkel, doch dank der Solaranlage war der Lernsaal beleuchtet. Drei Lernende erzählten dem Publikum von ihrer Ausbildung in Schneiderei, Bäckerei und Schweissen, und unsere Programmkoordinatorin beantwortete Fragen zu den Gärten und zum Wohnheim. Die Verbindung brach zweimal ab, was alle mit Humor nahmen.

## Was zusammenkam

Eintritte, Tombola und Spenden am Abend ergaben 8'400 Franken. Wie mit den Gästen im Voraus vereinbart, geht der ganze Betrag an die Permakulturgärten. Alle Kosten des Abends, von der Saalmiete bis zu den Zutaten, übernahmen Freiwillige und ein lokales Geschäft, sodass kein einziger Franken für den Anlass selbst ausgegeben wurde.

## Herzlichen Dank

Danke an alle, die gekocht, Tische getragen, Lose verkauft oder einfach gekommen sind und zugehört haben. Wir wurden bereits gefragt, ob es nächsten Sommer wieder einen Abend gibt. Die Antwort ist ja.`,
    excerpt: 'Our benefit evening by the lake raised 8,400 francs for the gardens.',
    imageUrl: newsImage('a-summer-evening-in-lucerne-for-the-villages'),
    publishedAt: '2026-07-02T16:00:00.000Z',
    projectSlug: null,
  },
  {
    slug: 'essential-medicines-reach-the-mission-hospital',
    title: 'Essential Medicines Reach the Mission Hospital Pharmacy',
    titleDe: 'Unentbehrliche Medikamente erreichen die Spitalapotheke',
    abstract:
      'A delivery of antibiotics, antimalarials, rehydration salts and blood-pressure tablets has filled the empty shelves of the mission hospital pharmacy. Here is what was bought and how.',
    abstractDe:
      'Eine Lieferung mit Antibiotika, Malariamitteln, Rehydrationssalzen und Blutdrucktabletten hat die leeren Regale der Spitalapotheke gefüllt. Das wurde gekauft, und so lief es ab.',
    content: `In July the pharmacist of the mission hospital sent us a short message and a photo: half the shelves in her dispensary were empty. The public supply had not arrived for two months, and patients with infections, malaria or high blood pressure were being sent home with prescriptions they could not afford to fill at a private chemist in town.

## What was ordered

Together with the pharmacist, our local health liaison drew up a list based on what the hospital uses most and what was missing. The order included antibiotics for children and adults, antimalarial treatment, oral rehydration salts and zinc for children with diarrhoea, tablets for high blood pressure and diabetes, and wound-care supplies.

![Illustration of a hospital pharmacy with shelves of medicine boxes and a pharmacist at the counter](/images/gallery/clinic-pharmacy.svg)

Everything was bought from a licensed pharmaceutical wholesaler, checked against the order on arrival and signed for by the pharmacist. We only buy medicines that are registered in Zimbabwe and that have at least eighteen months before their expiry date.

## Why we do not send medicines from Switzerland

People sometimes offer us medicines from their home cabinet or ask why we do not ship packages from Europe. Donated medicines are often close to expiry, labelled in the wrong language or not registered in the country. Buying locally is safer, supports the local supply chain and is usually cheaper once transport and customs are counted.

:::gallery
![Illustration of a pharmacy counter with neatly stacked medicine boxes](/images/gallery/clinic-pharmacy.svg "The restocked dispensary")
![Illustration of the mission hospital building with a green cross sign and a patient vehicle](/images/projects/mission-hospital-staff-incentives.svg "The mission hospital")
:::

## How long it lasts

This delivery, worth about 6,300 USD, should cover the most important gaps for around three months. The fund has now reached two thirds of its yearly goal of 24,000 USD. Each order is listed with its receipt in our annual report, so that you can see exactly what your gift has bought.`,
    contentDe: `Im Juli schickte uns die Apothekerin des Missionsspitals eine kurze Nachricht und ein Foto: Die Hälfte der Regale in ihrer Ausgabestelle war leer. Die staatliche Lieferung war seit zwei Monaten ausgeblieben, und Patientinnen und Patienten mit Infektionen, Malaria oder Bluthochdruck wurden mit Rezepten nach Hause geschickt, die sie sich in einer privaten Apotheke in der Stadt nicht leisten konnten.

## Was bestellt wurde

Zusammen mit der Apothekerin stellte unsere lokale Gesundheitsverantwortliche eine Liste zusammen, ausgehend davon, was das Spital am häufigsten braucht und was fehlte. Die Bestellung umfasste Antibiotika für Kinder und Erwachsene, Malariabehandlungen, Rehydrationssalze und Zink für Kinder mit Durchfall, Tabletten gegen Bluthochdruck und Diabetes sowie Material für die Wundversorgung.

![Illustration einer Spitalapotheke mit Regalen voller Medikamentenschachteln und einer Apothekerin am Schalter](/images/gallery/clinic-pharmacy.svg)

Alles wurde bei einem zugelassenen Pharmagrosshändler gekauft, bei der Ankunft mit der Bestellung abgeglichen und von der Apothekerin quittiert. Wir kaufen nur Medikamente, die in Simbabwe registriert sind und mindestens achtzehn Monate haltbar sind.

## Warum wir keine Medikamente aus der Schweiz schicken

Manchmal werden uns Medikamente aus der Hausapotheke angeboten, oder man fragt uns, warum wir keine Pakete aus Europa verschicken. Gespendete Medikamente laufen oft bald ab, sind in der falschen Sprache beschriftet oder im Land nicht zugelassen. Der Kauf vor Ort ist sicherer, stärkt die lokale Versorgung und ist meist günstiger, wenn man Transport und Zoll mitrechnet.

:::gallery
![Illustration eines Apothekenschalters mit ordentlich gestapelten Medikamentenschachteln](/images/gallery/clinic-pharmacy.svg "Die wieder gefüllte Ausgabestelle")
![Illustration des Missionsspitals mit grünem Kreuz und einem Patientenfahrzeug](/images/projects/mission-hospital-staff-incentives.svg "Das Missionsspital")
:::

## Wie lange es reicht

Diese Lieferung im Wert von rund 6'300 USD sollte die wichtigsten Lücken für etwa drei Monate schliessen. Der Fonds hat nun zwei Drittel seines Jahresziels von 24'000 USD erreicht. Jede Bestellung ist mit Quittung in unserem Jahresbericht aufgeführt, damit Sie genau sehen, was mit Ihrer Spende gekauft wurde.`,
    excerpt: 'What the latest medicines order bought and why we buy locally.',
    imageUrl: newsImage('essential-medicines-reach-the-mission-hospital'),
    publishedAt: '2026-08-11T08:00:00.000Z',
    projectSlug: 'hospital-essential-medicines',
  },
  {
    slug: 'hostel-walls-rise-at-the-tariro-nook',
    title: 'Hostel Walls Rise at the Tariro Nook',
    titleDe: 'Die Mauern des Wohnheims im Tariro Nook wachsen',
    abstract:
      'The hostel for 50 residents is taking shape: the walls are up, the roof trusses are being welded, and the learners who built it hope to sleep there before the end of the year.',
    abstractDe:
      'Das Wohnheim für 50 Bewohnerinnen und Bewohner nimmt Gestalt an: Die Mauern stehen, die Dachträger werden geschweisst, und die Lernenden, die es bauen, hoffen, noch vor Jahresende dort zu schlafen.',
    content: `For many learners at the Tariro Nook, the hardest part of the day is not the training. It is the walk. Some come from villages more than 15 kilometres away and spend four hours on the road every day, which leaves little time and energy for learning. That is why the vocational training centre project includes a hostel for 50 residents.

## Built by learners

The hostel has two wings, one for young women and one for young men, with a house-parent's room at each entrance. Its bricks were pressed on site from local soil and a little cement, using a manual press that the construction class operates in shifts. Over the past months the learners laid more than 18,000 of them, with a qualified builder checking every course.

![Illustration of a long hostel building with many windows and learners working on the walls](/images/gallery/hostel-rooms.svg)

The walls of both wings are now complete. The welding class is making the steel roof trusses in the workshop, and the roof sheets are paid for and waiting in the store. The solar stand next to the site already supplies power for the tools and will light the corridors once the building is finished.

## What is still missing

After the roof come the floors, windows and doors, an ablution block with showers and toilets, and 50 beds with mattresses, which the carpentry class will build. The project has raised about 61% of its 96,000 USD goal. The remaining amount mainly covers the ablution block, plumbing and furniture.

:::gallery
![Illustration of the hostel walls under construction with a brick press in front](/images/gallery/hostel-rooms.svg "The walls of both wings are up")
![Illustration of learners welding steel sections in the workshop](/images/gallery/workshop-welding.svg "Roof trusses in the making")
![Illustration of the solar stand with panels next to a water tank](/images/gallery/solar-stand-finished.svg "The solar stand powers the site")
:::

## The plan

If the roof is on before the heavy rains, the first residents could move in early next year. The learners who laid the bricks have asked to be the first to sleep there, and we think that is only fair.`,
    contentDe: `Für viele Lernende im Tariro Nook ist nicht die Ausbildung der schwierigste Teil des Tages, sondern der Weg. Manche kommen aus Dörfern, die über 15 Kilometer entfernt liegen, und sind täglich vier Stunden unterwegs. Da bleibt wenig Zeit und Kraft zum Lernen. Deshalb gehört zum Projekt des Berufsbildungszentrums ein Wohnheim für 50 Bewohnerinnen und Bewohner.

## Von Lernenden gebaut

Das Wohnheim hat zwei Flügel, einen für junge Frauen und einen für junge Männer, mit je einem Zimmer für eine Betreuungsperson beim Eingang. Die Ziegel wurden vor Ort aus lokaler Erde und etwas Zement gepresst, mit einer Handpresse, die die Bauklasse im Schichtbetrieb bedient. In den letzten Monaten haben die Lernenden über 18'000 davon vermauert, wobei ein ausgebildeter Maurer jede Lage kontrollierte.

![Illustration eines langen Wohnheims mit vielen Fenstern und Lernenden, die an den Mauern arbeiten](/images/gallery/hostel-rooms.svg)

Die Mauern beider Flügel stehen nun. Die Schweissklasse fertigt in der Werkstatt die stählernen Dachträger, und die Dachbleche sind bezahlt und warten im Lager. Der Solarständer neben dem Bauplatz liefert bereits Strom für die Werkzeuge und wird die Gänge beleuchten, sobald das Gebäude fertig ist.

## Was noch fehlt

Nach dem Dach folgen Böden, Fenster und Türen, ein Sanitärblock mit Duschen und Toiletten sowie 50 Betten mit Matratzen, die die Schreinerklasse bauen wird. Das Projekt hat rund 61 % seines Ziels von 96'000 USD erreicht. Der fehlende Betrag deckt vor allem den Sanitärblock, die Installationen und die Möbel.

:::gallery
![Illustration der Wohnheimmauern im Bau mit einer Ziegelpresse im Vordergrund](/images/gallery/hostel-rooms.svg "Die Mauern beider Flügel stehen")
![Illustration von Lernenden, die in der Werkstatt Stahlprofile schweissen](/images/gallery/workshop-welding.svg "Die Dachträger entstehen")
![Illustration des Solarständers mit Modulen neben einem Wassertank](/images/gallery/solar-stand-finished.svg "Der Solarständer versorgt den Bauplatz")
:::

## Der Plan

Wenn das Dach vor den grossen Regenfällen steht, könnten die ersten Bewohnerinnen und Bewohner Anfang nächsten Jahres einziehen. Die Lernenden, die die Ziegel vermauert haben, möchten als Erste dort schlafen, und das finden wir nur gerecht.`,
    excerpt: 'The walls of the hostel for 50 residents are up; the roof comes next.',
    imageUrl: newsImage('hostel-walls-rise-at-the-tariro-nook'),
    publishedAt: '2026-09-14T08:00:00.000Z',
    projectSlug: 'nook-vocational-training-center',
  },
];

// ---------------------------------------------------------------------------
// Team
// ---------------------------------------------------------------------------

const TRUSTEE_IMAGE = '/images/team/trustee-placeholder.svg';

export const demoTeam: TeamSeed[] = [
  // Local Team (Zimbabwe)
  {
    name: 'Tendai Moyo',
    position: 'Programme Coordinator',
    positionDe: 'Programmkoordinatorin',
    bio: 'Tendai grew up in Mwenezi Ward 3 and trained as a teacher before she joined us in 2019. She coordinates all programmes on the ground, from the Tariro Nook to the gardens, and is the first person the village heads call when something needs sorting out.',
    bioDe: 'Tendai ist in Mwenezi Ward 3 aufgewachsen und war Lehrerin, bevor sie 2019 zu uns stiess. Sie koordiniert alle Programme vor Ort, vom Tariro Nook bis zu den Gärten, und ist die erste Ansprechperson der Dorfvorsteher, wenn etwas zu klären ist.',
    imageUrl: '/images/team/tendai-moyo.svg',
    location: 'zimbabwe',
    displayOrder: 1,
  },
  {
    name: 'Farai Ncube',
    position: 'Tariro Nook Centre Manager',
    positionDe: 'Leiter des Tariro Nook',
    bio: 'Farai runs the Tariro Nook day to day: timetables, trainers, the workshop store and the new hostel building site. A carpenter by trade, he still teaches one class a week because, as he says, he would miss the sawdust.',
    bioDe: 'Farai leitet den Alltag im Tariro Nook: Stundenpläne, Ausbildende, das Werkstattlager und den Bauplatz des neuen Wohnheims. Als gelernter Schreiner unterrichtet er weiterhin eine Klasse pro Woche, weil ihm, wie er sagt, sonst das Sägemehl fehlen würde.',
    imageUrl: '/images/team/farai-ncube.svg',
    location: 'zimbabwe',
    displayOrder: 2,
  },
  {
    name: 'Rutendo Sibanda',
    position: 'Community Health Liaison',
    positionDe: 'Verantwortliche für Gesundheit und Gemeinschaft',
    bio: 'Rutendo is a registered nurse and our link to the mission hospital. She plans medicine orders with the pharmacist, keeps the transport logbook and visits the village health workers in all 17 villages at least once a quarter.',
    bioDe: 'Rutendo ist diplomierte Pflegefachfrau und unser Bindeglied zum Missionsspital. Sie plant die Medikamentenbestellungen mit der Apothekerin, führt das Fahrtenbuch des Krankentransports und besucht die Dorfgesundheitshelferinnen in allen 17 Dörfern mindestens einmal pro Quartal.',
    imageUrl: '/images/team/rutendo-sibanda.svg',
    location: 'zimbabwe',
    displayOrder: 3,
  },
  {
    name: 'Nkosana Dube',
    position: 'Permaculture Trainer',
    positionDe: 'Permakultur-Trainer',
    bio: 'Nkosana has been farming with permaculture methods for over a decade. He spends two days a week with every garden group, teaching composting, mulching and water harvesting, and he is known for never arriving without a bag of seeds to share.',
    bioDe: 'Nkosana arbeitet seit über zehn Jahren mit Permakulturmethoden. Er verbringt zwei Tage pro Woche mit jeder Gartengruppe, zeigt Kompostieren, Mulchen und das Auffangen von Regenwasser und ist dafür bekannt, nie ohne einen Sack Saatgut zum Teilen zu erscheinen.',
    imageUrl: '/images/team/nkosana-dube.svg',
    location: 'zimbabwe',
    displayOrder: 4,
  },
  {
    name: 'Chipo Mhlanga',
    position: 'Youth Mentor and Psychosocial Support',
    positionDe: 'Jugendmentorin und psychosoziale Begleitung',
    bio: 'Chipo is a trained counsellor who supports the learners at the Tariro Nook through group sessions and one-to-one conversations. Many young people tell her what they tell nobody else, and she makes sure that grief or trouble at home does not end their training.',
    bioDe: 'Chipo ist ausgebildete Beraterin und begleitet die Lernenden im Tariro Nook in Gruppensitzungen und Einzelgesprächen. Viele junge Menschen erzählen ihr, was sie sonst niemandem erzählen, und sie sorgt dafür, dass Trauer oder Probleme zu Hause nicht das Ende der Ausbildung bedeuten.',
    imageUrl: '/images/team/chipo-mhlanga.svg',
    location: 'zimbabwe',
    displayOrder: 5,
  },
  // Board of Trustees
  {
    name: 'Ruth Chikwanha-Berger',
    position: 'Chair of the Board',
    positionDe: 'Präsidentin des Stiftungsrats',
    bio: 'Ruth was born in Masvingo Province and has lived in Switzerland for twenty years, where she works as a physician. She co-founded the trust and chairs its board, keeping both communities in view.',
    bioDe: 'Ruth wurde in der Provinz Masvingo geboren und lebt seit zwanzig Jahren in der Schweiz, wo sie als Ärztin arbeitet. Sie hat die Stiftung mitgegründet und präsidiert den Stiftungsrat, mit beiden Gemeinschaften im Blick.',
    imageUrl: TRUSTEE_IMAGE,
    location: 'Board of Trustees',
    displayOrder: 10,
  },
  {
    name: 'Simbarashe Gumbo',
    position: 'Treasurer',
    positionDe: 'Kassier',
    bio: 'Simbarashe is an accountant and oversees the finances of the trust. He reviews every payment to Zimbabwe, prepares the annual accounts and personally answers donors who ask about the figures.',
    bioDe: 'Simbarashe ist Buchhalter und beaufsichtigt die Finanzen der Stiftung. Er prüft jede Zahlung nach Simbabwe, erstellt die Jahresrechnung und beantwortet Fragen von Spenderinnen und Spendern zu den Zahlen persönlich.',
    imageUrl: TRUSTEE_IMAGE,
    location: 'Board of Trustees',
    displayOrder: 11,
  },
  {
    name: 'Annemarie Huber',
    position: 'Secretary',
    positionDe: 'Aktuarin',
    bio: 'Annemarie is a retired secondary school headteacher from Kriens. She keeps the minutes, looks after the statutes and brings decades of experience in education to the planning of the Tariro Nook.',
    bioDe: 'Annemarie ist pensionierte Schulleiterin einer Sekundarschule aus Kriens. Sie führt das Protokoll, betreut die Statuten und bringt jahrzehntelange Erfahrung im Bildungswesen in die Planung des Tariro Nook ein.',
    imageUrl: TRUSTEE_IMAGE,
    location: 'Board of Trustees',
    displayOrder: 12,
  },
  {
    name: 'Tawanda Nyathi',
    position: 'Trustee, Community Representative',
    positionDe: 'Stiftungsrat, Vertreter der Gemeinschaft',
    bio: 'Tawanda is a retired headmaster and respected elder in Mwenezi Ward 3. He represents the 17 villages on the board and makes sure that decisions are discussed with the communities before they are taken.',
    bioDe: 'Tawanda ist pensionierter Schulleiter und ein geachteter Ältester in Mwenezi Ward 3. Er vertritt die 17 Dörfer im Stiftungsrat und sorgt dafür, dass Entscheide mit den Gemeinschaften besprochen werden, bevor sie fallen.',
    imageUrl: TRUSTEE_IMAGE,
    location: 'Board of Trustees',
    displayOrder: 13,
  },
  // Swiss Support Team
  {
    name: 'Beatrice Zürcher',
    position: 'Coordinator Switzerland',
    positionDe: 'Koordinatorin Schweiz',
    bio: 'Beatrice coordinates the volunteer team in Lucerne and holds the weekly call with Tendai in Zimbabwe. She first visited the villages in 2012 and has been returning every year since, always with a suitcase full of sewing supplies.',
    bioDe: 'Beatrice koordiniert das Freiwilligenteam in Luzern und führt das wöchentliche Gespräch mit Tendai in Simbabwe. Sie besuchte die Dörfer erstmals 2012 und kehrt seither jedes Jahr zurück, immer mit einem Koffer voller Nähzubehör.',
    imageUrl: '/images/team/beatrice-zurcher.svg',
    location: 'switzerland',
    displayOrder: 20,
  },
  {
    name: 'Lukas Amrein',
    position: 'Fundraising and Partnerships',
    positionDe: 'Mittelbeschaffung und Partnerschaften',
    bio: 'Lukas works in project management and volunteers in the evenings to write grant applications and keep in touch with our partner foundations. He organised the summer benefit evening by the lake.',
    bioDe: 'Lukas arbeitet im Projektmanagement und schreibt abends ehrenamtlich Gesuche an Stiftungen und pflegt den Kontakt zu unseren Partnern. Er hat den sommerlichen Benefizabend am See organisiert.',
    imageUrl: '/images/team/lukas-amrein.svg',
    location: 'switzerland',
    displayOrder: 21,
  },
  {
    name: 'Seraina Caduff',
    position: 'Communications and Translation',
    positionDe: 'Kommunikation und Übersetzung',
    bio: 'Seraina writes our newsletter and translates every article between English and German. Having grown up speaking Romansh as well, she insists that good translation is about people, not words.',
    bioDe: 'Seraina schreibt unseren Newsletter und übersetzt jeden Artikel zwischen Englisch und Deutsch. Sie ist auch mit Rätoromanisch aufgewachsen und ist überzeugt, dass es beim guten Übersetzen um Menschen geht, nicht um Wörter.',
    imageUrl: '/images/team/seraina-caduff.svg',
    location: 'switzerland',
    displayOrder: 22,
  },
  {
    name: 'Reto Imhof',
    position: 'Finance and Donor Care',
    positionDe: 'Finanzen und Spenderbetreuung',
    bio: 'Reto keeps the books in Switzerland, issues donation receipts for tax purposes and thanks every donor by hand. He checks each transfer to Zimbabwe together with the treasurer.',
    bioDe: 'Reto führt die Buchhaltung in der Schweiz, stellt Spendenbestätigungen für die Steuererklärung aus und bedankt sich bei jeder Spenderin und jedem Spender von Hand. Jede Überweisung nach Simbabwe prüft er gemeinsam mit dem Kassier.',
    imageUrl: '/images/team/reto-imhof.svg',
    location: 'switzerland',
    displayOrder: 23,
  },
];

// ---------------------------------------------------------------------------
// Page contents
// ---------------------------------------------------------------------------

export const demoPages: PageSeed[] = [
  {
    // The home page's hero: its heading and introduction (the built-in copy of hero.title and hero.text).
    pageName: 'home',
    title: 'Building a future with 17 villages in rural Zimbabwe',
    titleDe: 'Gemeinsam Zukunft bauen mit 17 Dörfern im ländlichen Simbabwe',
    content:
      'From a volunteer team in Lucerne we stand beside the people of Mwenezi: a learning centre for young people, healthcare close to home, permaculture gardens and income they can build on.',
    contentDe:
      'Von einem Freiwilligenteam in Luzern aus stehen wir den Menschen in Mwenezi zur Seite: ein Lernzentrum für junge Menschen, Gesundheitsversorgung in der Nähe, Permakultur-Gärten und Einkommen, auf das sie bauen können.',
    metaDescription: `${ORG}: a Swiss volunteer charity supporting 17 villages in Mwenezi Ward 3, Zimbabwe, with a learning centre, healthcare, permaculture and environmental projects.`,
    metaDescriptionDe: `${ORG}: ein ehrenamtlich geführtes Schweizer Hilfswerk, das 17 Dörfer in Mwenezi Ward 3, Simbabwe, mit Lernzentrum, Gesundheitsversorgung, Permakultur und Umweltprojekten unterstützt.`,
  },
  {
    pageName: 'about',
    title: 'About us',
    titleDe: 'Über uns',
    content:
      'We are a small Swiss charity run by volunteers in Lucerne, working hand in hand with a local team in Mwenezi Ward 3, Zimbabwe. Our work rests on five pillars: education, health, food, income and environment. We stay for the long term, build local structures and make sure that donations reach the villages.',
    contentDe:
      'Wir sind ein kleines Schweizer Hilfswerk, getragen von Freiwilligen in Luzern, und arbeiten Hand in Hand mit einem lokalen Team in Mwenezi Ward 3, Simbabwe. Unsere Arbeit ruht auf fünf Säulen: Bildung, Gesundheit, Ernährung, Einkommen und Umwelt. Wir bleiben langfristig, bauen lokale Strukturen auf und sorgen dafür, dass Spenden in den Dörfern ankommen.',
    metaDescription: 'Who we are: a volunteer team in Lucerne and a local team in Zimbabwe working with 17 villages on education, health, food, income and environment.',
    metaDescriptionDe: 'Wer wir sind: ein Freiwilligenteam in Luzern und ein lokales Team in Simbabwe, die mit 17 Dörfern an Bildung, Gesundheit, Ernährung, Einkommen und Umwelt arbeiten.',
  },
  {
    pageName: 'vision',
    title: 'Our vision',
    titleDe: 'Unsere Vision',
    content:
      'We see a thriving, inclusive and sustainable community in Mwenezi Ward 3: young people who find work and purpose close to home, families who grow enough healthy food, patients who reach care in time, and land that is richer for the next generation than it was for ours.',
    contentDe:
      'Wir sehen eine blühende, offene und nachhaltige Gemeinschaft in Mwenezi Ward 3: junge Menschen, die nahe ihrer Heimat Arbeit und Perspektiven finden, Familien, die genug gesunde Nahrung anbauen, Kranke, die rechtzeitig versorgt werden, und ein Land, das für die nächste Generation fruchtbarer ist als für unsere.',
    metaDescription: 'Our vision of a thriving, inclusive and sustainable community in Mwenezi Ward 3, Zimbabwe, built on unity, empowerment, development and sustainability.',
    metaDescriptionDe: 'Unsere Vision einer blühenden, offenen und nachhaltigen Gemeinschaft in Mwenezi Ward 3, Simbabwe, getragen von Zusammenhalt, Befähigung, Entwicklung und Nachhaltigkeit.',
  },
  {
    pageName: 'mission',
    title: 'Our mission',
    titleDe: 'Unsere Mission',
    content:
      'We walk alongside the people of the 17 villages as reliable partners. We invest in lasting structures rather than quick fixes, plan together with the communities and report openly on every franc and dollar we receive.',
    contentDe:
      'Wir begleiten die Menschen der 17 Dörfer als verlässliche Partner. Wir investieren in dauerhafte Strukturen statt in schnelle Lösungen, planen gemeinsam mit den Gemeinschaften und legen über jeden Franken und Dollar, den wir erhalten, offen Rechenschaft ab.',
    metaDescription: 'Our mission: reliable, long-term partnership with 17 villages in Zimbabwe, with lasting structures and open reporting on every donation.',
    metaDescriptionDe: 'Unsere Mission: verlässliche, langfristige Partnerschaft mit 17 Dörfern in Simbabwe, mit dauerhaften Strukturen und offener Rechenschaft über jede Spende.',
  },
  {
    pageName: 'projects',
    title: 'Our projects',
    titleDe: 'Unsere Projekte',
    content:
      'From solar power at the Tariro Nook to permaculture gardens, a borehole and medical transport: here you can see what we are working on, what is already finished and where your support is needed most.',
    contentDe:
      'Vom Solarstrom im Tariro Nook über Permakulturgärten und ein Bohrloch bis zum Krankentransport: Hier sehen Sie, woran wir arbeiten, was bereits abgeschlossen ist und wo Ihre Unterstützung am meisten gebraucht wird.',
    metaDescription: 'Current and completed projects in Mwenezi Ward 3, Zimbabwe: the Tariro Nook, solar power, permaculture gardens, water and healthcare.',
    metaDescriptionDe: 'Laufende und abgeschlossene Projekte in Mwenezi Ward 3, Simbabwe: Tariro Nook, Solarstrom, Permakulturgärten, Wasser und Gesundheit.',
  },
  {
    pageName: 'news',
    title: 'News and updates',
    titleDe: 'Neuigkeiten',
    content:
      'Reports from the villages, the Tariro Nook and our volunteer team in Lucerne, including the setbacks. We write when something has actually happened.',
    contentDe:
      'Berichte aus den Dörfern, aus dem Tariro Nook und von unserem Freiwilligenteam in Luzern, auch über Rückschläge. Wir schreiben, wenn tatsächlich etwas passiert ist.',
    metaDescription: 'News and project updates from the 17 villages of Mwenezi Ward 3, the Tariro Nook and our volunteer team in Lucerne.',
    metaDescriptionDe: 'Neuigkeiten und Projektberichte aus den 17 Dörfern von Mwenezi Ward 3, dem Tariro Nook und unserem Freiwilligenteam in Luzern.',
  },
  {
    pageName: 'team',
    title: 'Our team',
    titleDe: 'Unser Team',
    content:
      'Our local team in Zimbabwe does the work on the ground, the Board of Trustees keeps watch over the direction and the finances, and our volunteers in Switzerland raise funds, translate and stay in touch with donors.',
    contentDe:
      'Unser lokales Team in Simbabwe leistet die Arbeit vor Ort, der Stiftungsrat wacht über Ausrichtung und Finanzen, und unsere Freiwilligen in der Schweiz sammeln Spenden, übersetzen und halten den Kontakt zu den Spenderinnen und Spendern.',
    metaDescription: 'Meet the local team in Zimbabwe, the Board of Trustees and the volunteer support team in Switzerland.',
    metaDescriptionDe: 'Lernen Sie das lokale Team in Simbabwe, den Stiftungsrat und das ehrenamtliche Unterstützungsteam in der Schweiz kennen.',
  },
  {
    pageName: 'contact',
    title: 'Contact us',
    titleDe: 'Kontakt',
    content:
      'Questions about a project, a donation or volunteering? Write to our office in Lucerne or to our team in Mwenezi Ward 3. We answer every message, usually within a few days.',
    contentDe:
      'Fragen zu einem Projekt, einer Spende oder zur Freiwilligenarbeit? Schreiben Sie unserem Büro in Luzern oder unserem Team in Mwenezi Ward 3. Wir beantworten jede Nachricht, meist innert weniger Tage.',
    metaDescription: 'Contact our office in Lucerne, Switzerland, or our team in Mwenezi Ward 3, Zimbabwe, about projects, donations or volunteering.',
    metaDescriptionDe: 'Kontaktieren Sie unser Büro in Luzern oder unser Team in Mwenezi Ward 3, Simbabwe, zu Projekten, Spenden oder Freiwilligenarbeit.',
  },
  {
    pageName: 'food-security',
    title: 'Food security through permaculture',
    titleDe: 'Ernährungssicherheit durch Permakultur',
    content:
      'Droughts are becoming longer in the south of Zimbabwe. With village garden groups we establish at least four permaculture gardens a year, 100% organic, using compost, mulch and water harvesting so that families in all 17 villages can grow healthy food and sell the surplus.',
    contentDe:
      'Die Trockenzeiten im Süden Simbabwes werden länger. Mit Gartengruppen aus den Dörfern legen wir jedes Jahr mindestens vier Permakulturgärten an, zu 100 % biologisch, mit Kompost, Mulch und Regenwassernutzung, damit Familien in allen 17 Dörfern gesunde Nahrung anbauen und Überschüsse verkaufen können.',
    metaDescription: 'Permaculture gardens for food security in 17 villages of Mwenezi Ward 3, Zimbabwe: 4+ new gardens a year, 100% organic.',
    metaDescriptionDe: 'Permakulturgärten für Ernährungssicherheit in 17 Dörfern von Mwenezi Ward 3, Simbabwe: jährlich 4+ neue Gärten, 100 % biologisch.',
  },
  {
    pageName: 'skills-training',
    title: 'Skills training at the Tariro Nook',
    titleDe: 'Berufsbildung im Tariro Nook',
    content:
      'Opened in 2022, the Tariro Nook is where young people aged 16-25 learn a trade, computer skills and how to run a small business. In 2024 we invested 276,428 USD in the centre; today more than 36 learners are active, and in the first cycle 14 teams completed 12 projects.',
    contentDe:
      'Im 2022 eröffneten Tariro Nook lernen junge Menschen zwischen 16 und 25 Jahren ein Handwerk, den Umgang mit dem Computer und wie man ein kleines Geschäft führt. 2024 haben wir 276\'428 USD in das Zentrum investiert; heute sind über 36 Lernende aktiv, und im ersten Durchgang haben 14 Teams 12 Projekte abgeschlossen.',
    metaDescription: 'Vocational and digital skills training for young people aged 16-25 at the Tariro Nook learning centre in Mwenezi Ward 3, Zimbabwe.',
    metaDescriptionDe: 'Berufliche und digitale Bildung für junge Menschen zwischen 16 und 25 Jahren im Lernzentrum Tariro Nook in Mwenezi Ward 3, Simbabwe.',
  },
  {
    pageName: 'health',
    title: 'Healthcare',
    titleDe: 'Gesundheitsversorgung',
    content:
      'The mission hospital is the only hospital within reach of our villages. We support it with medical transport for patients from remote villages, incentives that help keep trained nurses, and essential medicines whenever the public supply runs short.',
    contentDe:
      'Das Missionsspital ist das einzige Spital in Reichweite unserer Dörfer. Wir unterstützen es mit Krankentransporten für Menschen aus abgelegenen Dörfern, mit Zulagen, die helfen, ausgebildetes Pflegepersonal zu halten, und mit unentbehrlichen Medikamenten, wenn die staatliche Versorgung ausfällt.',
    metaDescription: 'Healthcare support for a rural mission hospital in Zimbabwe: medical transport, staff incentives and essential medicines.',
    metaDescriptionDe: 'Unterstützung eines ländlichen Missionsspitals in Simbabwe: Krankentransport, Zulagen für das Personal und unentbehrliche Medikamente.',
  },
  {
    pageName: 'environment',
    title: 'Environmental sustainability',
    titleDe: 'Ökologische Nachhaltigkeit',
    content:
      'Healthy soil and water are the basis of everything else. With the communities we regenerate degraded land with compost and trees, harvest rainwater, protect water points, run the Tariro Nook on solar power and keep waste out of the veld through sorting and recycling.',
    contentDe:
      'Gesunde Böden und sauberes Wasser sind die Grundlage für alles andere. Mit den Gemeinschaften regenerieren wir ausgelaugtes Land mit Kompost und Bäumen, fangen Regenwasser auf, schützen Wasserstellen, betreiben das Tariro Nook mit Solarstrom und halten Abfall durch Trennen und Recycling aus der Steppe fern.',
    metaDescription: 'Soil regeneration, water management, solar power and recycling with 17 villages in Mwenezi Ward 3, Zimbabwe.',
    metaDescriptionDe: 'Bodenregeneration, Wassermanagement, Solarstrom und Recycling mit 17 Dörfern in Mwenezi Ward 3, Simbabwe.',
  },
  {
    pageName: 'nook',
    title: 'Tariro Nook',
    titleDe: 'Tariro Nook',
    content:
      'A place of hope in Mwenezi Ward 3, where young people from 17 villages learn, build, try out ideas and start their own businesses.',
    contentDe:
      'Ein Ort der Hoffnung in Mwenezi Ward 3, an dem junge Menschen aus 17 Dörfern lernen, bauen, Ideen ausprobieren und ihr eigenes Geschäft gründen.',
    metaDescription:
      'The Tariro Nook learning centre in Mwenezi Ward 3, Zimbabwe: self-learning, digital literacy and vocational skills for young people from 17 villages. 276K USD invested in 2024.',
    metaDescriptionDe:
      'Das Lernzentrum Tariro Nook in Mwenezi Ward 3, Simbabwe: selbstständiges Lernen, digitale Kompetenzen und Berufsbildung für junge Menschen aus 17 Dörfern. 276 Tsd. USD Investition 2024.',
  },
];


// ---------------------------------------------------------------------------
// Where the money went: a few spending records per project that has started
// ---------------------------------------------------------------------------

interface SpendingSeed {
  projectSlug: string;
  spentOn: string;
  amountCents: number;
  category: string;
  description: string;
  descriptionDe: string;
}

export const demoSpending: SpendingSeed[] = [
  { projectSlug: 'nook-vocational-training-center', spentOn: '2024-04-12', amountCents: usd(6800), category: 'construction', description: 'Roof and walls of the second workshop', descriptionDe: 'Dach und Wände der zweiten Werkstatt' },
  { projectSlug: 'nook-vocational-training-center', spentOn: '2024-06-03', amountCents: usd(2450), category: 'equipment', description: 'Four treadle sewing machines', descriptionDe: 'Vier Tretnähmaschinen' },
  { projectSlug: 'nook-vocational-training-center', spentOn: '2024-09-30', amountCents: usd(1920), category: 'salaries', description: 'Stipends of two trainers for three months', descriptionDe: 'Entschädigungen von zwei Ausbildenden für drei Monate' },
  { projectSlug: 'nook-vocational-training-center', spentOn: '2025-01-15', amountCents: usd(1230), category: 'materials', description: 'Timber and fabric for the first cohort', descriptionDe: 'Holz und Stoff für den ersten Jahrgang' },
  { projectSlug: 'mission-hospital-medical-transport', spentOn: '2026-03-20', amountCents: usd(3400), category: 'transport', description: 'Repair and new tyres for the ambulance', descriptionDe: 'Reparatur und neue Reifen für die Ambulanz' },
  { projectSlug: 'mission-hospital-medical-transport', spentOn: '2026-05-08', amountCents: 86050, category: 'medical', description: 'Stretcher and first-aid kits', descriptionDe: 'Trage und Erste-Hilfe-Sets' },
  { projectSlug: 'permaculture-food-gardens', spentOn: '2025-08-18', amountCents: usd(1640), category: 'seeds', description: 'Seeds, hoes and watering cans for 40 families', descriptionDe: 'Saatgut, Hacken und Giesskannen für 40 Familien' },
  { projectSlug: 'permaculture-food-gardens', spentOn: '2025-10-02', amountCents: usd(980), category: 'training', description: 'Two-day composting course', descriptionDe: 'Zweitägiger Kompostkurs' },
];

/** A supporter's fundraiser, approved: what a visitor finds on the Skills for Life page (no manage link: no owner's mail). */
export const demoFundraiser = {
  slug: 'miriams-40th-birthday-for-skills-for-life',
  projectSlug: 'skills-for-life-youth-programme',
  title: 'Miriam’s 40th birthday for Skills for Life',
  story:
    'I turn 40 this spring, and I have everything I need. So instead of presents, I am asking my friends and family to give to Skills for Life at the Tariro Nook.\n\nSix months of training turn a young person from Mwenezi into a carpenter, a tailor or a baker with customers of their own. Every franc buys tools, materials and time with a mentor.',
  goalKind: 'amount',
  goal: 200000,
  currency: 'chf',
  ownerName: 'Miriam K.',
  lang: 'en',
  /** Open for about ten months from the day the demo content is seeded. */
  days: 300,
} as const;

// ---------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------

export async function seedDemoContent(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const { raisedCents, ...project } of demoProjects) {
      if (await trx('projects').where({ slug: project.slug }).first('id')) continue;
      // A total moves only with the ledger row that explains it (models/content/ledger.ts).
      const [row] = (await trx('projects').insert({ ...project, raisedCents: 0 }).returning('id')) as (number | { id: number })[];
      const projectId = typeof row === 'object' && row !== null ? Number(row.id) : Number(row);
      // The opening row and the total it explains, as models/content/ledger.ts addToLedger writes them
      // (the seed, like a migration, imports nothing from the models).
      const now = new Date().toISOString();
      await trx('project_ledger').insert({ projectId, kind: 'opening', amountCents: raisedCents, donationId: null, actor: 'seed', note: 'Demo content', createdAt: now });
      if (raisedCents !== 0) await trx('projects').where({ id: projectId }).update({ raisedCents, updatedAt: now });
    }

    const rows: Array<{ id: number; slug: string }> = await trx('projects').select('id', 'slug');
    const idBySlug = new Map(rows.map((row) => [row.slug, Number(row.id)]));

    for (const { projectSlug, ...article } of demoNews) {
      const projectId = projectSlug ? idBySlug.get(projectSlug) ?? null : null;
      await trx('news_articles').insert({ ...article, projectId }).onConflict('slug').ignore();
    }

    const teamCount = await trx('team_members').count({ count: '*' }).first();
    if (Number(teamCount?.count ?? 0) === 0) {
      for (const member of demoTeam) {
        await trx('team_members').insert(member);
      }
    }

    for (const page of demoPages) {
      await trx('page_contents').insert(page).onConflict('pageName').ignore();
    }

    // Spending only for a project that has none yet: a second run adds nothing.
    const withSpending = new Set((await trx('project_spending').distinct('projectId')).map((r: { projectId: number }) => Number(r.projectId)));
    for (const { projectSlug, ...record } of demoSpending) {
      const projectId = idBySlug.get(projectSlug);
      if (projectId === undefined || withSpending.has(projectId)) continue;
      await trx('project_spending').insert({ ...record, projectId, createdBy: 'seed' });
    }

    const { projectSlug, days, ...fundraiser } = demoFundraiser;
    const fundraiserProject = idBySlug.get(projectSlug);
    if (fundraiserProject !== undefined && !(await trx('fundraisers').where({ slug: fundraiser.slug }).first('id'))) {
      const end = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const now = new Date().toISOString();
      await trx('fundraisers').insert({ ...fundraiser, projectId: fundraiserProject, endDate: end, status: 'approved', reviewedBy: 'seed', reviewedAt: now, createdAt: now, updatedAt: now });
    }
  });
}
