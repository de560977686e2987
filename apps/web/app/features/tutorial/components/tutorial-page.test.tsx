import { tutorial } from '@centro/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '~/test/render';
import { getTutorialPage } from '../data.server';
import { TutorialPage } from './tutorial-page';

describe('TutorialPage', () => {
  it('shows the steps as an ordered list', () => {
    renderWithRouter(<TutorialPage {...getTutorialPage().page} />);
    expect(screen.getByRole('heading', { level: 1, name: tutorial.title })).toBeInTheDocument();
    const [list] = screen.getAllByRole('list');
    expect(list?.tagName).toBe('OL');
    const items = within(list as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(
      tutorial.steps.map((step) => step.title),
    );
  });
});
