<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="cs_CZ">
  <context>
    <name>Demo</name>
    <message>
      <source>Rendering the sample game (first run only)...</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>sample game</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>Dialogs</name>
    <message>
      <source>Player 1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Player 2</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Class</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Player</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Import fleet list</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>{ships} ships and {squadrons} squadrons recognised.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Assign piece {piece}</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not in the catalog: {lines}</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Table</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Actions</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Assign class...</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Flip bow</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Delete piece</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Import fleet list...</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Undo</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Not allowed</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Connecting to the camera...</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Live</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Click a piece first.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Nothing to undo.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Ruleset: {name}</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Camera not available: reconnecting in {s:.0f} s</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Source ended</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>{fps:.1f} fps (camera {cam:.1f})</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Final position: x {x:.0f} mm, y {y:.0f} mm, heading {h:.0f} deg</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Calibration: {what}</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Scene: {what}</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Overlap: {ships} take a facedown damage card</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Squadrons displaced: {ids}</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>Overlay</name>
    <message>
      <source>too close to call ({margin:.1f} mm)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>overlap: {ships} takes a facedown damage card</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>{squadron} displaced</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>unknown {size} ship</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Bases</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Hull zones</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Targeting points</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Firing arc</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Range bands</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Line of sight</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Squadron distance 1 and engagement</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maneuver preview</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Labels</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>close range: red, blue and black dice</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>medium range: red and blue dice</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>long range: red dice</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>line of sight clear</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>obstructed (remove one die)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no line of sight (blocked by a hull zone)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>out of arc or range</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>too close to call</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>squadron distance 1</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>engaged squadrons</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>maneuver tool and final position</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>overlap: ship takes damage</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>Panels</name>
    <message>
      <source>front</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>left</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>right</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>rear</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>left auxiliary</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>right auxiliary</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>close</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>medium</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>long</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>beyond long range</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>yes</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>red</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>blue</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>black</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>none</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Click a ship's hull zone to choose the attacker, then an enemy ship or squadron to see the attack check.</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Attacker</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Defender</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>In firing arc</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Range</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Line of sight</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Obstructed</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Dice</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Attack possible</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Attack check</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Overlays</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Legend</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Too close to call below</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Maneuver preview</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Yaw clicks per joint, comma separated; positive turns to port</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Speed</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Yaw clicks</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Preview</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Blocked by hull zone</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Margin</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>(remove one die: obstructed)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>Too close to call: the margin ({margin:.1f} mm) is below the measurement uncertainty ({unc:.1f} mm). Measure by hand.</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>Pipeline</name>
    <message>
      <source>detected</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>sample's ground truth (no detector yet)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no detection</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>loaded scene</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>no calibration</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>manual corners: lower accuracy</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>exact (synthetic camera)</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>reprojection {mm:.2f} mm</source>
      <translation type="unfinished" />
    </message>
    <message>
      <source>table markers not found</source>
      <translation type="unfinished" />
    </message>
  </context>
  <context>
    <name>VideoView</name>
    <message>
      <source>Waiting for the camera...</source>
      <translation type="unfinished" />
    </message>
  </context>
</TS>
