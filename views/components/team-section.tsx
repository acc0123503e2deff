import { useLang, useT } from '../app-context';
import { groupTeam, initials, localized, type TeamMember } from '../../models/shared/rules';
import { ContentImage } from './responsive-image';

function MemberCard({ member, showPhoto }: { member: TeamMember; showPhoto: boolean }) {
  const lang = useLang();
  return (
    <article className="card member-card">
      {showPhoto ? (
        <ContentImage src={member.imageUrl} sizes="160px" alt="" width={160} height={160} loading="lazy" decoding="async" className="avatar" />
      ) : (
        <span className="avatar avatar-initials" aria-hidden="true">
          {initials(member.name)}
        </span>
      )}
      <h4 className="member-name">{member.name}</h4>
      <p className="member-position">{localized(lang, member.position, member.positionDe)}</p>
      <p className="member-bio">{localized(lang, member.bio, member.bioDe)}</p>
    </article>
  );
}

function Group({ title, members, showPhoto, id }: { title: string; members: TeamMember[]; showPhoto: boolean; id: string }) {
  return (
    <div className="team-group" role="group" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      <ul className="grid grid-4">
        {members.map((m) => (
          <li key={m.id}>
            <MemberCard member={m} showPhoto={showPhoto} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The team's three groups (models/rules.ts groupTeam) and the 'Bridging Two Communities' card. */
export function TeamGroups({ team }: { team: TeamMember[] }) {
  const t = useT();
  const groups = groupTeam(team);
  return (
    <>
      <Group id="team-local" title={t('team.local')} members={groups.local} showPhoto />
      {groups.trustees.length > 0 && <Group id="team-trustees" title={t('team.trustees')} members={groups.trustees} showPhoto={false} />}
      <Group id="team-swiss" title={t('team.swiss')} members={groups.swiss} showPhoto />
      <aside className="card bridging-card">
        <h3>{t('team.bridgingTitle')}</h3>
        <p>{t('team.bridgingText')}</p>
      </aside>
    </>
  );
}
