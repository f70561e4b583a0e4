import { useEffect, useRef } from 'react';
import { Chessboard } from 'cm-chessboard/src/Chessboard.js';
import 'cm-chessboard/assets/chessboard.css';
import piecesUrl from 'cm-chessboard/assets/pieces/standard.svg?url';
import './games.css';

/**
 * A chessboard showing one position (cm-chessboard, MIT: SVG, no dependencies), loaded only with the games pages.
 * It is an image to assistive technology, named by `label` (who plays, the last move); the move list is the text.
 */
export function Board({
  fen,
  flipped = false,
  label,
  animate = true,
  coordinates = false,
}: {
  fen: string;
  flipped?: boolean;
  label: string;
  animate?: boolean;
  coordinates?: boolean;
}) {
  const container = useRef<HTMLDivElement>(null);
  const board = useRef<Chessboard | null>(null);
  const initial = useRef({ fen, flipped, coordinates });

  useEffect(() => {
    const { fen: position, flipped: black, coordinates: showCoordinates } = initial.current;
    board.current = new Chessboard(container.current!, {
      position,
      orientation: black ? 'b' : 'w',
      assetsUrl: '/',
      style: { pieces: { file: piecesUrl }, showCoordinates, animationDuration: 200 },
    });
    return () => {
      board.current?.destroy();
      board.current = null;
    };
  }, []);
  useEffect(() => {
    void board.current?.setPosition(fen, animate);
    // The drawing is decoration of the labelled container: its SVG (role img, no name) is hidden from assistive technology.
    for (const svg of container.current?.querySelectorAll('svg') ?? []) svg.setAttribute('aria-hidden', 'true');
  }, [fen, animate]);
  useEffect(() => {
    void board.current?.setOrientation(flipped ? 'b' : 'w');
  }, [flipped]);

  return <div ref={container} role="img" aria-label={label} className="games-board" />;
}
