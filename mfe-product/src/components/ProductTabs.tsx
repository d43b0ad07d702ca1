import { useLocation, withParameter } from '@storefront/routing';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

/** Every tab stays in sight: on a narrow screen the strip wraps onto a second line. */
const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.a`
  display: inline-flex;
  align-items: center;
  text-decoration: none;
  flex: none;
  min-height: 44px;
  padding: 0.6rem 1rem;
  border: 0;
  border-bottom: 3px solid transparent;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkMuted};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.brand};
    border-bottom-color: ${({ theme }) => theme.colors.accent};
  }
`;

const Panel = styled.div`
  padding: 1.5rem 0;
`;

export interface TabDefinition {
  label: string;
  content: ReactNode;
}

/** A tab's name in the address (?tab=certificate-of-analysis). */
const slugOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The address parameter that names the tab a page opens on: how a tab is opened where no script runs. */
const TAB_PARAMETER = 'tab';

/**
 * WAI-ARIA tabs: one tab in the tab order, arrow keys move between tabs (Home and End jump), and the
 * selected tab's panel is labelled by it. The first tab is selected at first, or the one the address
 * names: each tab is a link to the page with it open (?tab=…), which works where no script runs.
 */
export function ProductTabs({ tabs, label }: { tabs: TabDefinition[]; label: string }) {
  const { pathname, search } = useLocation();
  const named = new URLSearchParams(search).get(TAB_PARAMETER);
  const [selected, setSelected] = useState(() =>
    Math.max(
      0,
      tabs.findIndex((tab) => slugOf(tab.label) === named),
    ),
  );
  const buttons = useRef<Array<HTMLAnchorElement | null>>([]);
  const baseId = useId();

  const select = (index: number) => {
    setSelected(index);
    buttons.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div>
      <TabList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <Tab
            key={tab.label}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            href={`${pathname}${withParameter(search, TAB_PARAMETER, index === 0 ? null : slugOf(tab.label))}`}
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={(event) => {
              event.preventDefault();
              setSelected(index);
            }}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab, index) => (
        <Panel
          key={tab.label}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
          tabIndex={0}
        >
          {tab.content}
        </Panel>
      ))}
    </div>
  );
}
