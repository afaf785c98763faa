<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
  <context>
    <name>Demo</name>
    <message>
      <source>Rendering the sample game (first run only)...</source>
      <translation>Das Beispielspiel wird gerendert (nur beim ersten Start) ...</translation>
    </message>
    <message>
      <source>sample game</source>
      <translation>Beispielspiel</translation>
    </message>
  </context>
  <context>
    <name>DemoScript</name>
    <message>
      <source>Deployment: the Empire (near edge) faces the Rebels across six obstacles.</source>
      <translation>Aufstellung: Das Imperium (vordere Kante) steht den Rebellen über sechs Hindernisse hinweg gegenüber.</translation>
    </message>
    <message>
      <source>Victory II: speed 2, straight ahead.</source>
      <translation>Victory II: Geschwindigkeit 2, geradeaus.</translation>
    </message>
    <message>
      <source>Nebulon-B: speed 2, one click to port on the second joint.</source>
      <translation>Nebulon-B: Geschwindigkeit 2, am zweiten Gelenk ein Klick nach backbord.</translation>
    </message>
    <message>
      <source>Squadrons close in: the TIE fighters engage the X-wings.</source>
      <translation>Die Staffeln rücken vor: Die TIE-Jäger binden die X-Flügler.</translation>
    </message>
    <message>
      <source>Imperial II: speed 1, straight ahead.</source>
      <translation>Imperial II: Geschwindigkeit 1, geradeaus.</translation>
    </message>
    <message>
      <source>CR90: speed 3, straight ahead.</source>
      <translation>CR90: Geschwindigkeit 3, geradeaus.</translation>
    </message>
    <message>
      <source>Imperial II front at the CR90: the line of sight crosses an asteroid field - obstructed.</source>
      <translation>Imperial II, Bug auf die CR90: Die Schusslinie kreuzt ein Asteroidenfeld - versperrt.</translation>
    </message>
    <message>
      <source>Gladiator front at the Assault Frigate: the Raider is in the way - obstructed.</source>
      <translation>Gladiator, Bug auf die Angriffsfregatte: Die Raider ist im Weg - versperrt.</translation>
    </message>
    <message>
      <source>Victory II front at the Nebulon-B's rear: the line crosses its front hull zone - no line of sight.</source>
      <translation>Victory II, Bug auf das Heck der Nebulon-B: Die Linie kreuzt ihre Bug-Rumpfsektion - keine Schusslinie.</translation>
    </message>
    <message>
      <source>Raider: speed 3 would end on the Assault Frigate, so it stops at speed 2; both ships take a facedown damage card.</source>
      <translation>Raider: Mit Geschwindigkeit 3 stünde sie auf der Angriffsfregatte, also bleibt sie bei Geschwindigkeit 2 stehen; beide Schiffe erhalten eine verdeckte Schadenskarte.</translation>
    </message>
    <message>
      <source>End of the sample round.</source>
      <translation>Ende der Beispielrunde.</translation>
    </message>
  </context>
  <context>
    <name>Dialogs</name>
    <message>
      <source>Player 1</source>
      <translation>Spieler 1</translation>
    </message>
    <message>
      <source>Player 2</source>
      <translation>Spieler 2</translation>
    </message>
    <message>
      <source>Class</source>
      <translation>Klasse</translation>
    </message>
    <message>
      <source>Player</source>
      <translation>Spieler</translation>
    </message>
    <message>
      <source>Import fleet list</source>
      <translation>Flottenliste importieren</translation>
    </message>
    <message>
      <source>{ships} ships and {squadrons} squadrons recognised.</source>
      <translation>{ships} Schiffe und {squadrons} Staffeln erkannt.</translation>
    </message>
    <message>
      <source>Assign piece {piece}</source>
      <translation>Figur {piece} zuordnen</translation>
    </message>
    <message>
      <source>Not in the catalog: {lines}</source>
      <translation>Nicht im Katalog: {lines}</translation>
    </message>
  </context>
  <context>
    <name>GamePanel</name>
    <message>
      <source>Game</source>
      <translation>Spiel</translation>
    </message>
    <message>
      <source>Start game</source>
      <translation>Spiel beginnen</translation>
    </message>
    <message>
      <source>Next phase</source>
      <translation>Nächste Phase</translation>
    </message>
    <message>
      <source>Pass</source>
      <translation>Passen</translation>
    </message>
    <message>
      <source>none</source>
      <translation>keine</translation>
    </message>
    <message>
      <source>Assign dials...</source>
      <translation>Kommandoscheiben einstellen ...</translation>
    </message>
    <message>
      <source>Activate</source>
      <translation>Aktivieren</translation>
    </message>
    <message>
      <source>End activation</source>
      <translation>Aktivierung beenden</translation>
    </message>
    <message>
      <source>Declare attack</source>
      <translation>Angriff ansagen</translation>
    </message>
    <message>
      <source>End attack</source>
      <translation>Angriff beenden</translation>
    </message>
    <message>
      <source>Setup</source>
      <translation>Aufbau</translation>
    </message>
    <message>
      <source>Command Phase</source>
      <translation>Kommandophase</translation>
    </message>
    <message>
      <source>Ship Phase</source>
      <translation>Schiffsphase</translation>
    </message>
    <message>
      <source>Squadron Phase</source>
      <translation>Staffelphase</translation>
    </message>
    <message>
      <source>Status Phase</source>
      <translation>Statusphase</translation>
    </message>
    <message>
      <source>Game over</source>
      <translation>Spielende</translation>
    </message>
    <message>
      <source>navigate</source>
      <translation>Navigieren</translation>
    </message>
    <message>
      <source>squadron</source>
      <translation>Staffel</translation>
    </message>
    <message>
      <source>repair</source>
      <translation>Reparieren</translation>
    </message>
    <message>
      <source>concentrate fire</source>
      <translation>Feuer konzentrieren</translation>
    </message>
    <message>
      <source>brace</source>
      <translation>Abstützen</translation>
    </message>
    <message>
      <source>redirect</source>
      <translation>Umleiten</translation>
    </message>
    <message>
      <source>evade</source>
      <translation>Ausweichen</translation>
    </message>
    <message>
      <source>scatter</source>
      <translation>Zerstreuen</translation>
    </message>
    <message>
      <source>contain</source>
      <translation>Eindämmen</translation>
    </message>
    <message>
      <source>salvo</source>
      <translation>Salve</translation>
    </message>
    <message>
      <source>readied</source>
      <translation>bereit</translation>
    </message>
    <message>
      <source>exhausted</source>
      <translation>erschöpft</translation>
    </message>
    <message>
      <source>discarded</source>
      <translation>abgelegt</translation>
    </message>
    <message>
      <source>No game started. Assign every piece, then start.</source>
      <translation>Kein Spiel begonnen. Ordne jede Figur zu, dann beginne.</translation>
    </message>
    <message>
      <source>Dial to token</source>
      <translation>Scheibe in Marker umwandeln</translation>
    </message>
    <message>
      <source>Command dials for {ship}</source>
      <translation>Kommandoscheiben für {ship}</translation>
    </message>
    <message>
      <source>Click a ship to see its dials and tokens.</source>
      <translation>Klicke ein Schiff an, um seine Scheiben und Marker zu sehen.</translation>
    </message>
    <message>
      <source>{ship}: speed {speed}, hull {hull}/{max}
dials in stack: {dials}, revealed: {dial}
command tokens: {tokens}</source>
      <translation>{ship}: Geschwindigkeit {speed}, Rumpf {hull}/{max}
Scheiben im Stapel: {dials}, aufgedeckt: {dial}
Kommandomarker: {tokens}</translation>
    </message>
    <message>
      <source>Dial {n}</source>
      <translation>Scheibe {n}</translation>
    </message>
    <message>
      <source>, player {p} to act</source>
      <translation>, Spieler {p} ist am Zug</translation>
    </message>
    <message>
      <source>Spend {c} dial</source>
      <translation>Scheibe {c} ausgeben</translation>
    </message>
    <message>
      <source>Spend {c} token</source>
      <translation>Marker {c} ausgeben</translation>
    </message>
    <message>
      <source>Round {r} of {n}: {phase}</source>
      <translation>Runde {r} von {n}: {phase}</translation>
    </message>
    <message>
      <source>Discard {c} token</source>
      <translation>Marker {c} ablegen</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Table</source>
      <translation>Spieltisch</translation>
    </message>
    <message>
      <source>Actions</source>
      <translation>Aktionen</translation>
    </message>
    <message>
      <source>Assign class...</source>
      <translation>Klasse zuordnen ...</translation>
    </message>
    <message>
      <source>Flip bow</source>
      <translation>Bug umdrehen</translation>
    </message>
    <message>
      <source>Delete piece</source>
      <translation>Figur löschen</translation>
    </message>
    <message>
      <source>Import fleet list...</source>
      <translation>Flottenliste importieren ...</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>Rückgängig</translation>
    </message>
    <message>
      <source>Follow the sample</source>
      <translation>Dem Beispiel folgen</translation>
    </message>
    <message>
      <source>Show the sample game's shots and moves as it plays</source>
      <translation>Schüsse und Bewegungen des Beispielspiels beim Abspielen zeigen</translation>
    </message>
    <message>
      <source>Settings</source>
      <translation>Einstellungen</translation>
    </message>
    <message>
      <source>Language</source>
      <translation>Sprache</translation>
    </message>
    <message>
      <source>The language changes at the next start.</source>
      <translation>Die Sprache wechselt beim nächsten Start.</translation>
    </message>
    <message>
      <source>Connecting to the camera...</source>
      <translation>Verbindung zur Kamera ...</translation>
    </message>
    <message>
      <source>Live</source>
      <translation>Live</translation>
    </message>
    <message>
      <source>Ruleset: {name}</source>
      <translation>Regelwerk: {name}</translation>
    </message>
    <message>
      <source>Camera not available: reconnecting in {s:.0f} s</source>
      <translation>Kamera nicht verfügbar: neuer Versuch in {s:.0f} s</translation>
    </message>
    <message>
      <source>Source ended</source>
      <translation>Quelle beendet</translation>
    </message>
    <message>
      <source>Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg</source>
      <translation>Endposition: x {x:.0f} mm, y {y:.0f} mm, Ausrichtung {h:.0f}°</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f}, pipeline {ms:.0f} ms)</source>
      <translation>{fps:.1f} B/s (Kamera {cam:.1f}, Verarbeitung {ms:.0f} ms)</translation>
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f})</source>
      <translation>{fps:.1f} B/s (Kamera {cam:.1f})</translation>
    </message>
    <message>
      <source>Calibration: {what}</source>
      <translation>Kalibrierung: {what}</translation>
    </message>
    <message>
      <source>Scene: {what}</source>
      <translation>Szene: {what}</translation>
    </message>
    <message>
      <source>Overlap: {ships} take a facedown damage card</source>
      <translation>Überlappung: {ships} erhalten je eine verdeckte Schadenskarte</translation>
    </message>
    <message>
      <source>Squadrons displaced: {ids}</source>
      <translation>Verdrängte Staffeln: {ids}</translation>
    </message>
    <message>
      <source>Overlay failed: {error}</source>
      <translation>Einblendung fehlgeschlagen: {error}</translation>
    </message>
    <message>
      <source>Not allowed</source>
      <translation>Nicht erlaubt</translation>
    </message>
    <message>
      <source>Click a piece first.</source>
      <translation>Klicke zuerst eine Figur an.</translation>
    </message>
    <message>
      <source>Nothing to undo.</source>
      <translation>Nichts rückgängig zu machen.</translation>
    </message>
    <message>
      <source>Choose an attacker and a defender first.</source>
      <translation>Wähle zuerst einen Angreifer und einen Verteidiger.</translation>
    </message>
    <message>
      <source>Assign a class to every ship first: {ids}</source>
      <translation>Ordne zuerst jedem Schiff eine Klasse zu: {ids}</translation>
    </message>
  </context>
  <context>
    <name>Overlay</name>
    <message>
      <source>too close to call ({margin:.1f} mm)</source>
      <translation>zu knapp für eine Aussage ({margin:.1f} mm)</translation>
    </message>
    <message>
      <source>overlap: a facedown damage card each for {ships}</source>
      <translation>Überlappung: je eine verdeckte Schadenskarte für {ships}</translation>
    </message>
    <message>
      <source>{squadron} displaced</source>
      <translation>{squadron} verdrängt</translation>
    </message>
    <message>
      <source>unknown {size} ship</source>
      <translation>unbekanntes Schiff ({size})</translation>
    </message>
    <message>
      <source>Bases</source>
      <translation>Basen</translation>
    </message>
    <message>
      <source>Hull zones</source>
      <translation>Rumpfsektionen</translation>
    </message>
    <message>
      <source>Targeting points</source>
      <translation>Zielpunkte</translation>
    </message>
    <message>
      <source>Firing arc</source>
      <translation>Feuerwinkel</translation>
    </message>
    <message>
      <source>Range bands</source>
      <translation>Reichweiten</translation>
    </message>
    <message>
      <source>Line of sight</source>
      <translation>Schusslinie</translation>
    </message>
    <message>
      <source>Squadron distance 1 and engagement</source>
      <translation>Staffel-Distanz 1 und Bindung</translation>
    </message>
    <message>
      <source>Maneuver preview</source>
      <translation>Manövervorschau</translation>
    </message>
    <message>
      <source>Labels</source>
      <translation>Beschriftungen</translation>
    </message>
    <message>
      <source>close range: red, blue and black dice</source>
      <translation>kurze Reichweite: rote, blaue und schwarze Würfel</translation>
    </message>
    <message>
      <source>medium range: red and blue dice</source>
      <translation>mittlere Reichweite: rote und blaue Würfel</translation>
    </message>
    <message>
      <source>long range: red dice</source>
      <translation>große Reichweite: rote Würfel</translation>
    </message>
    <message>
      <source>line of sight clear</source>
      <translation>Schusslinie frei</translation>
    </message>
    <message>
      <source>obstructed (remove one die)</source>
      <translation>versperrt (einen Würfel entfernen)</translation>
    </message>
    <message>
      <source>no line of sight (blocked by a hull zone)</source>
      <translation>keine Schusslinie (durch eine Rumpfsektion blockiert)</translation>
    </message>
    <message>
      <source>out of arc or range</source>
      <translation>außerhalb von Feuerwinkel oder Reichweite</translation>
    </message>
    <message>
      <source>too close to call</source>
      <translation>zu knapp für eine Aussage</translation>
    </message>
    <message>
      <source>squadron distance 1</source>
      <translation>Staffel-Distanz 1</translation>
    </message>
    <message>
      <source>engaged squadrons</source>
      <translation>gebundene Staffeln</translation>
    </message>
    <message>
      <source>maneuver tool and final position</source>
      <translation>Manöverschablone und Endposition</translation>
    </message>
    <message>
      <source>overlap: ship takes damage</source>
      <translation>Überlappung: Schiff nimmt Schaden</translation>
    </message>
  </context>
  <context>
    <name>Panels</name>
    <message>
      <source>front</source>
      <translation>Bug</translation>
    </message>
    <message>
      <source>left</source>
      <translation>Backbord</translation>
    </message>
    <message>
      <source>right</source>
      <translation>Steuerbord</translation>
    </message>
    <message>
      <source>rear</source>
      <translation>Heck</translation>
    </message>
    <message>
      <source>left auxiliary</source>
      <translation>Backbord-Hilfssektion</translation>
    </message>
    <message>
      <source>right auxiliary</source>
      <translation>Steuerbord-Hilfssektion</translation>
    </message>
    <message>
      <source>close</source>
      <translation>kurz</translation>
    </message>
    <message>
      <source>medium</source>
      <translation>mittel</translation>
    </message>
    <message>
      <source>long</source>
      <translation>lang</translation>
    </message>
    <message>
      <source>beyond long range</source>
      <translation>jenseits großer Reichweite</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>ja</translation>
    </message>
    <message>
      <source>no</source>
      <translation>nein</translation>
    </message>
    <message>
      <source>red</source>
      <translation>rot</translation>
    </message>
    <message>
      <source>blue</source>
      <translation>blau</translation>
    </message>
    <message>
      <source>black</source>
      <translation>schwarz</translation>
    </message>
    <message>
      <source>none</source>
      <translation>keine</translation>
    </message>
    <message>
      <source>Click a ship's hull zone to choose the attacker, then an enemy ship or squadron to see the attack check.</source>
      <translation>Klicke die Rumpfsektion eines Schiffs an, um den Angreifer zu wählen, dann ein feindliches Schiff oder eine Staffel, um die Angriffsprüfung zu sehen.</translation>
    </message>
    <message>
      <source>Attacker</source>
      <translation>Angreifer</translation>
    </message>
    <message>
      <source>Defender</source>
      <translation>Verteidiger</translation>
    </message>
    <message>
      <source>In firing arc</source>
      <translation>Im Feuerwinkel</translation>
    </message>
    <message>
      <source>Range</source>
      <translation>Reichweite</translation>
    </message>
    <message>
      <source>Line of sight</source>
      <translation>Schusslinie</translation>
    </message>
    <message>
      <source>Obstructed</source>
      <translation>Versperrt</translation>
    </message>
    <message>
      <source>Dice</source>
      <translation>Würfel</translation>
    </message>
    <message>
      <source>Attack possible</source>
      <translation>Angriff möglich</translation>
    </message>
    <message>
      <source>Attack check</source>
      <translation>Angriffsprüfung</translation>
    </message>
    <message>
      <source>Overlays</source>
      <translation>Einblendungen</translation>
    </message>
    <message>
      <source>Legend</source>
      <translation>Legende</translation>
    </message>
    <message>
      <source>Too close to call below</source>
      <translation>Zu knapp unter</translation>
    </message>
    <message>
      <source>Maneuver preview</source>
      <translation>Manövervorschau</translation>
    </message>
    <message>
      <source>Yaw clicks per joint, comma separated; positive turns to port</source>
      <translation>Klicks pro Gelenk, durch Komma getrennt; positiv dreht nach backbord</translation>
    </message>
    <message>
      <source>Speed</source>
      <translation>Geschwindigkeit</translation>
    </message>
    <message>
      <source>Yaw clicks</source>
      <translation>Klicks</translation>
    </message>
    <message>
      <source>Preview</source>
      <translation>Vorschau</translation>
    </message>
    <message>
      <source>Execute</source>
      <translation>Ausführen</translation>
    </message>
    <message>
      <source>Log this maneuver and the damage from its overlaps</source>
      <translation>Dieses Manöver und den Schaden durch Überlappungen protokollieren</translation>
    </message>
    <message>
      <source>Blocked by hull zone</source>
      <translation>Blockiert durch Rumpfsektion</translation>
    </message>
    <message>
      <source>Margin</source>
      <translation>Spielraum</translation>
    </message>
    <message>
      <source>(remove one die: obstructed)</source>
      <translation>(einen Würfel entfernen: versperrt)</translation>
    </message>
    <message>
      <source>Too close to call: the margin ({margin:.1f} mm) is below the measurement uncertainty ({unc:.1f} mm). Measure by hand.</source>
      <translation>Zu knapp für eine Aussage: Der Spielraum ({margin:.1f} mm) liegt unter der Messunsicherheit ({unc:.1f} mm). Bitte von Hand messen.</translation>
    </message>
  </context>
  <context>
    <name>Pipeline</name>
    <message>
      <source>detected</source>
      <translation>erkannt</translation>
    </message>
    <message>
      <source>sample's ground truth</source>
      <translation>Sollwerte des Beispiels</translation>
    </message>
    <message>
      <source>sample's ground truth (detection not installed)</source>
      <translation>Sollwerte des Beispiels (Erkennung nicht installiert)</translation>
    </message>
    <message>
      <source>no detection</source>
      <translation>keine Erkennung</translation>
    </message>
    <message>
      <source>loaded scene</source>
      <translation>geladene Szene</translation>
    </message>
    <message>
      <source>no calibration</source>
      <translation>keine Kalibrierung</translation>
    </message>
    <message>
      <source>manual corners: lower accuracy</source>
      <translation>Ecken von Hand: geringere Genauigkeit</translation>
    </message>
    <message>
      <source>exact (synthetic camera)</source>
      <translation>exakt (synthetische Kamera)</translation>
    </message>
    <message>
      <source>reprojection {mm:.2f} mm</source>
      <translation>Reprojektion {mm:.2f} mm</translation>
    </message>
    <message>
      <source>table markers not found</source>
      <translation>Tischmarker nicht gefunden</translation>
    </message>
  </context>
  <context>
    <name>Replay</name>
    <message>
      <source>Previous event</source>
      <translation>Vorheriges Ereignis</translation>
    </message>
    <message>
      <source>Next event</source>
      <translation>Nächstes Ereignis</translation>
    </message>
    <message>
      <source>Replay</source>
      <translation>Wiedergabe</translation>
    </message>
    <message>
      <source>This game has no events.</source>
      <translation>Dieses Spiel hat keine Ereignisse.</translation>
    </message>
    <message>
      <source>Event {i} of {n}: {text}</source>
      <translation>Ereignis {i} von {n}: {text}</translation>
    </message>
    <message>
      <source>replay</source>
      <translation>Wiedergabe</translation>
    </message>
  </context>
  <context>
    <name>Tracker</name>
    <message>
      <source>frame is {w}x{h} px but the calibration is for {cw}x{ch} px: set the camera back or recalibrate</source>
      <translation>Bild ist {w}x{h} px, die Kalibrierung gilt aber für {cw}x{ch} px: Kamera zurückstellen oder neu kalibrieren</translation>
    </message>
    <message>
      <source>table markers no longer fit the camera intrinsics (reprojection {px:.1f} px): zoom, focus or camera changed? recalibrate the camera</source>
      <translation>Die Tischmarker passen nicht mehr zur Kamerakalibrierung (Reprojektion {px:.1f} px): Zoom, Fokus oder Kamera geändert? Kamera neu kalibrieren</translation>
    </message>
    <message>
      <source>camera height or zoom changed by {percent:.0f} %: recalibrate the camera if you zoomed, else run the table calibration again</source>
      <translation>Kamerahöhe oder Zoom um {percent:.0f} % geändert: nach dem Zoomen die Kamera neu kalibrieren, sonst die Tischkalibrierung wiederholen</translation>
    </message>
    <message>
      <source>only {n} table markers visible: need {need}</source>
      <translation>nur {n} Tischmarker sichtbar: {need} nötig</translation>
    </message>
    <message>
      <source>only {n} table markers visible: pose frozen</source>
      <translation>nur {n} Tischmarker sichtbar: Lage eingefroren</translation>
    </message>
    <message>
      <source>table found ({n} markers, {px:.2f} px, {mm:.2f} mm)</source>
      <translation>Tisch gefunden ({n} Marker, {px:.2f} px, {mm:.2f} mm)</translation>
    </message>
    <message>
      <source>markers moved {px:.1f} px: checking for a camera bump</source>
      <translation>Marker um {px:.1f} px verschoben: prüfe, ob die Kamera angestoßen wurde</translation>
    </message>
    <message>
      <source>camera moved {px:.1f} px: table re-fitted ({rep:.2f} px)</source>
      <translation>Kamera um {px:.1f} px bewegt: Tisch neu eingepasst ({rep:.2f} px)</translation>
    </message>
    <message>
      <source>pose kept</source>
      <translation>Lage beibehalten</translation>
    </message>
    <message>
      <source>pose kept; markers {hidden} hidden</source>
      <translation>Lage beibehalten; Marker {hidden} verdeckt</translation>
    </message>
    <message>
      <source>pose kept; markers {moved} ignored (moved alone)</source>
      <translation>Lage beibehalten; Marker {moved} ignoriert (allein verschoben)</translation>
    </message>
    <message>
      <source>pose kept; markers {hidden} hidden; markers {moved} ignored (moved alone)</source>
      <translation>Lage beibehalten; Marker {hidden} verdeckt; Marker {moved} ignoriert (allein verschoben)</translation>
    </message>
  </context>
  <context>
    <name>VideoView</name>
    <message>
      <source>Waiting for the camera...</source>
      <translation>Warte auf die Kamera ...</translation>
    </message>
  </context>
</TS>
