// The parts of cm-chessboard (MIT, plain ES modules without types) the games pages use.
declare module 'cm-chessboard/src/Chessboard.js' {
  export const COLOR: { white: 'w'; black: 'b' };
  export const FEN: { start: string; empty: string };
  export type ChessboardProps = {
    position?: string;
    orientation?: 'w' | 'b';
    responsive?: boolean;
    assetsUrl?: string;
    style?: {
      cssClass?: string;
      showCoordinates?: boolean;
      borderType?: string;
      aspectRatio?: number;
      pieces?: { file?: string; tileSize?: number };
      animationDuration?: number;
    };
  };
  export class Chessboard {
    constructor(context: HTMLElement, props?: ChessboardProps);
    setPosition(fen: string, animated?: boolean): Promise<void>;
    setOrientation(color: 'w' | 'b', animated?: boolean): Promise<void>;
    destroy(): void;
  }
}
