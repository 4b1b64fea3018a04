import { describe, expect, it } from 'vitest';
import { DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, directionTo, geometry, ray, squaresBetween } from './geometry.ts';

const g10 = geometry(10);
const g8 = geometry(8);
const numbers = (indices: number[]) => indices.map((i) => i + 1);

describe('walking a diagonal', () => {
  it('names the direction from one square towards another', () => {
    expect(directionTo(g10, 31, 27)).toBe(UP_RIGHT); // 32 → 28
    expect(directionTo(g10, 31, 26)).toBe(UP_LEFT); // 32 → 27
    expect(directionTo(g10, 31, 36)).toBe(DOWN_LEFT); // 32 → 37
    expect(directionTo(g10, 31, 37)).toBe(DOWN_RIGHT); // 32 → 38
  });

  it('walks from a square to the edge, nearest first', () => {
    expect(numbers(ray(g10, 31, UP_LEFT))).toEqual([27, 21, 16]);
    expect(numbers(ray(g10, 45, UP_RIGHT))).toEqual([41, 37, 32, 28, 23, 19, 14, 10, 5]);
    expect(ray(g10, 45, DOWN_LEFT)).toEqual([]);
    expect(numbers(ray(g8, 28, UP_RIGHT))).toEqual([25, 22, 18, 15, 11, 8, 4]); // english numbering: a1 = 29, h8 = 4
  });

  it('gives the squares strictly between two squares of a diagonal', () => {
    expect(numbers(squaresBetween(g10, 45, 4))).toEqual([41, 37, 32, 28, 23, 19, 14, 10]);
    expect(numbers(squaresBetween(g10, 4, 45))).toEqual([10, 14, 19, 23, 28, 32, 37, 41]);
    expect(squaresBetween(g10, 31, 27)).toEqual([]);
  });
});
