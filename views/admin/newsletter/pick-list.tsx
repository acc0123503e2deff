// Step 1 of the Newsletter screen: a list of items to put in the mail (news or projects), each
// with a checkbox, its title, a 60-character preview and a line of facts.
import { useId } from 'react';
import { useT } from '../../app-context';
import { truncate } from '../../../models/shared/rules';

/** Items listed for selection, previews cut at 60 characters. */
const PREVIEW_CHARS = 60;

/** The list with the id added or taken out. */
export function toggle(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export function PickList<T extends { id: number }>(props: {
  legend: string;
  items: T[];
  selected: number[];
  onToggle: (id: number) => void;
  title: (item: T) => string;
  preview: (item: T) => string;
  meta?: (item: T) => string;
}) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="nl-pick">
      <legend>
        {props.legend} <span className="nl-count">{t('newsletterAdmin.selectedCount', { count: props.selected.length })}</span>
      </legend>
      {props.items.length === 0 ? (
        <p className="muted small">{t('newsletterAdmin.noItems')}</p>
      ) : (
        <ul className="nl-list" tabIndex={0} aria-label={props.legend}>
          {props.items.map((item) => {
            const inputId = `${id}-${item.id}`;
            return (
              <li key={item.id}>
                <input id={inputId} type="checkbox" checked={props.selected.includes(item.id)} onChange={() => props.onToggle(item.id)} />
                <label htmlFor={inputId}>
                  <span className="nl-item-title">{props.title(item)}</span>
                  <span className="nl-item-preview">{truncate(props.preview(item), PREVIEW_CHARS)}</span>
                  {props.meta && <span className="nl-item-meta">{props.meta(item)}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
