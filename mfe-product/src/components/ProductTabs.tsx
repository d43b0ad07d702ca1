import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

/** Every tab stays in sight: on a narrow screen the strip wraps onto a second line. */
const TabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
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

/**
 * WAI-ARIA tabs: one tab in the tab order, arrow keys move between tabs (Home and End jump), and the
 * selected tab's panel is labelled by it. The first tab is selected at first.
 */
export function ProductTabs({ tabs, label }: { tabs: TabDefinition[]; label: string }) {
  const [selected, setSelected] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
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
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
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
